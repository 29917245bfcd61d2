package org.velvetrope.traffic;

import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.EventResource;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.Rope;
import org.velvetrope.security.Roles;
import org.velvetrope.security.TokenAuthentication;
import org.velvetrope.web.Problem;
import org.velvetrope.web.ProblemException;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.security.identity.SecurityIdentity;

/**
 * Push telemetry: a CDN or log pipeline reports each source's current rate per region. A batch is all-or-nothing;
 * replays of a {@code (source, at)} change nothing.
 */
@Path("/api/events/{slug}/telemetry")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class TelemetryResource {

    /** Samples stamped further ahead than this are refused: a source clock that far off would hide staleness. */
    static final long MAX_FUTURE_SECONDS = 5;

    public record SampleIn(String source, String region, String at, Double mbps, Long viewers) {
    }

    public record Batch(List<SampleIn> samples) {
    }

    public record Accepted(int accepted, int applied, int duplicates) {
    }

    @Inject
    Rope rope;

    @Inject
    TrafficBook book;

    @Inject
    org.velvetrope.rope.RulesLoop rules;

    @Inject
    Clock clock;

    @Inject
    VelvetConfig config;

    @Inject
    MeterRegistry registry;

    @Inject
    SecurityIdentity identity;

    @POST
    @RolesAllowed({ TokenAuthentication.ROLE, Roles.ADMIN })
    public Response ingest(@PathParam("slug") String slug, @HeaderParam("Content-Length") Long length, Batch batch) {
        EventView event = rope.current().event(slug);
        if (event == null) {
            throw EventResource.noSuchEvent(slug);
        }
        Set<String> allowed = identity.getAttribute(TokenAuthentication.EVENTS);
        if (!identity.hasRole(Roles.ADMIN) && (allowed == null || !allowed.contains(slug))) {
            throw new ProblemException(403, "Forbidden", "This API token may not report for event '" + slug + "'.",
                    null, null, null);
        }
        if (length != null && length > config.traffic().maxBodyBytes()) {
            throw tooLarge("The body has " + length + " bytes; send at most " + config.traffic().maxBodyBytes()
                    + " per request.");
        }
        if (batch == null || batch.samples() == null) {
            throw ProblemException.badRequest("samples", "The body must be {\"samples\": [...]}.");
        }
        if (batch.samples().size() > config.traffic().maxBatch()) {
            throw tooLarge("The batch has " + batch.samples().size() + " samples; send at most "
                    + config.traffic().maxBatch() + " per request.");
        }
        List<TrafficBook.Sample> valid = validate(event, batch.samples());
        int applied = 0;
        int duplicates = 0;
        for (TrafficBook.Sample s : valid) {
            switch (book.record(slug, s)) {
                case APPLIED -> applied++;
                case DUPLICATE -> duplicates++;
                case OUTDATED -> {
                }
            }
        }
        registry.counter("velvet.telemetry.samples", "event", slug, "outcome", "accepted").increment(valid.size());
        if (applied > 0 && dueForCheck(slug) && crossesClampAt(event, valid)) {
            rules.nudge();
        }
        if (duplicates > 0) {
            registry.counter("velvet.telemetry.samples", "event", slug, "outcome", "duplicate").increment(duplicates);
        }
        return Response.accepted(new Accepted(valid.size(), applied, duplicates)).build();
    }

    /** Minimum time between two threshold checks of one event: keeps ingest cost flat however many sources. */
    static final long CHECK_EVERY_MILLIS = 100;
    private static final java.util.Map<String, java.util.concurrent.atomic.AtomicLong> LAST_CHECK =
            new java.util.concurrent.ConcurrentHashMap<>();

    private boolean dueForCheck(String slug) {
        long now = System.currentTimeMillis();
        java.util.concurrent.atomic.AtomicLong last = LAST_CHECK.computeIfAbsent(slug,
                s -> new java.util.concurrent.atomic.AtomicLong());
        long before = last.get();
        return now - before >= CHECK_EVERY_MILLIS && last.compareAndSet(before, now);
    }

    /** Whether a region of the batch now stands at or over its clamp threshold and the rules could act on it. */
    private boolean crossesClampAt(EventView event, List<TrafficBook.Sample> samples) {
        Instant now = Instant.now(clock);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (TrafficBook.Sample s : samples) {
            if (!seen.add(s.region())) {
                continue;
            }
            org.velvetrope.rope.RegionView r = event.region(s.region());
            if (r.pinned() || r.topIndex() <= r.rules().floorIndex()) {
                continue;
            }
            if (book.freshLoadMbps(event.slug(), r.code(), now, r.rules().staleAfter()) >= r.rules().clampAt()
                    * r.capacityMbps()) {
                return true;
            }
        }
        return false;
    }

    private List<TrafficBook.Sample> validate(EventView event, List<SampleIn> samples) {
        Instant latest = Instant.now(clock).plusSeconds(MAX_FUTURE_SECONDS);
        List<Problem.FieldError> errors = new ArrayList<>();
        List<TrafficBook.Sample> valid = new ArrayList<>(samples.size());
        for (int i = 0; i < samples.size(); i++) {
            SampleIn s = samples.get(i);
            String at = "samples[" + i + "]";
            if (s == null) {
                errors.add(new Problem.FieldError(at, "a sample cannot be null"));
                continue;
            }
            int before = errors.size();
            if (s.source() == null || s.source().isBlank() || s.source().length() > 100) {
                errors.add(new Problem.FieldError(at + ".source", "source is required (at most 100 characters)"));
            }
            if (s.region() == null || event.region(s.region()) == null || event.region(s.region()).internal()) {
                errors.add(new Problem.FieldError(at + ".region",
                        s.region() == null ? "region is required" : "'" + s.region() + "' is not a region of this event"));
            }
            if (s.mbps() == null || !Double.isFinite(s.mbps()) || s.mbps() < 0) {
                errors.add(new Problem.FieldError(at + ".mbps", "mbps must be a finite number ≥ 0"));
            }
            if (s.viewers() != null && s.viewers() < 0) {
                errors.add(new Problem.FieldError(at + ".viewers", "viewers cannot be negative"));
            }
            Instant when = null;
            if (s.at() == null) {
                errors.add(new Problem.FieldError(at + ".at", "at is required (RFC 3339, e.g. 2026-06-01T16:00:00Z)"));
            } else {
                try {
                    when = OffsetDateTime.parse(s.at()).toInstant();
                    if (when.isAfter(latest)) {
                        errors.add(new Problem.FieldError(at + ".at",
                                "at is more than " + MAX_FUTURE_SECONDS + " s in the future; check the source's clock"));
                    }
                } catch (DateTimeParseException e) {
                    errors.add(new Problem.FieldError(at + ".at", "at must be an RFC 3339 time like 2026-06-01T16:00:00Z"));
                }
            }
            if (errors.size() == before) {
                valid.add(new TrafficBook.Sample(s.source().strip(), s.region(), when, s.mbps(), s.viewers()));
            }
        }
        if (!errors.isEmpty()) {
            registry.counter("velvet.telemetry.samples", "event", event.slug(), "outcome", "rejected")
                    .increment(samples.size());
            throw new ProblemException(400, "Invalid telemetry", errors.size() + " sample field(s) are invalid; "
                    + "nothing of this batch was applied. First: " + errors.get(0).field() + ": " + errors.get(0).detail(),
                    errors.get(0).field(), errors, null);
        }
        return valid;
    }

    private static ProblemException tooLarge(String detail) {
        return new ProblemException(413, "Batch too large", detail, "samples", null, null);
    }
}
