package org.velvetrope.event;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.velvetrope.event.EventDefinition.MulticastDefinition;
import org.velvetrope.event.EventDefinition.RegionDefinition;
import org.velvetrope.event.EventDefinition.RenditionDefinition;
import org.velvetrope.web.ProblemException;

/** Creates, reads and changes events; every change is audited and reaches the rope snapshot on commit. */
@ApplicationScoped
public class EventService {

    @Inject
    Clock clock;

    @Inject
    Audit audit;

    @Inject
    org.velvetrope.VelvetConfig config;

    private EventDefinition.RulesDefinition defaults() {
        return new EventDefinition.RulesDefinition(config.rules().clampAt(), config.rules().restoreAt(), null, null,
                null, null, null, null);
    }

    @Inject
    jakarta.enterprise.event.Event<EventChanged> changed;

    public List<EventDefinition> list() {
        return Event.listInSlugOrder().stream().map(EventService::toDefinition).toList();
    }

    public Optional<EventDefinition> find(String slug) {
        return Event.findBySlug(slug).map(EventService::toDefinition);
    }

    @Transactional
    public EventDefinition create(EventDefinition def, String actor) {
        EventValidator.check(def, defaults());
        if (Event.existsWithSlug(def.slug())) {
            throw ProblemException.conflict("An event with slug '" + def.slug() + "' already exists; use PUT to change it.",
                    null);
        }
        Event event = new Event();
        event.slug = def.slug();
        event.createdAt = Instant.now(clock);
        event.state = def.state() == null ? EventState.LIVE : def.state();
        apply(event, def, actor);
        event.persist();
        audit.record(event.slug, null, actor, false, "EVENT_CREATED", null, summary(event), "event created");
        changed.fire(new EventChanged(event.id, event.slug, actor, Map.of()));
        return toDefinition(event);
    }

    @Transactional
    public Optional<EventDefinition> update(String slug, EventDefinition def, String actor) {
        if (def.slug() != null && !def.slug().equals(slug)) {
            throw ProblemException.badRequest("slug", "slug cannot be changed (the body says '" + def.slug()
                    + "', the address '" + slug + "')");
        }
        EventValidator.check(def, defaults());
        Optional<Event> found = Event.findBySlug(slug);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        Event event = found.get();
        String before = summary(event);
        Map<String, Long> previousLadder = event.renditions.stream()
                .collect(Collectors.toMap(r -> r.code, r -> r.bandwidth));
        if (def.state() != null && def.state() != event.state) {
            throw ProblemException.conflict("The event is " + event.state + "; change its state with POST /api/events/"
                    + slug + "/transitions {\"to\": \"" + def.state() + "\", \"reason\": …}.", null);
        }
        String previousVod = event.vodUrl;
        if (event.state == EventState.VOD && !java.util.Objects.equals(previousVod, blankToNull(def.vodUrl()))) {
            throw ProblemException.conflict("Event '" + slug + "' is on VOD at " + previousVod
                    + "; its VOD URL cannot change without a new approval, and VOD can only end.", null);
        }
        apply(event, def, actor);
        if (previousVod != null && !previousVod.equals(event.vodUrl)) {
            voidApprovals(event, actor, "the VOD URL changed from " + previousVod + " to " + event.vodUrl);
        }
        String after = summary(event);
        audit.record(slug, null, actor, false, "EVENT_UPDATED", before, after, "event definition changed");
        changed.fire(new EventChanged(event.id, slug, actor, previousLadder));
        return Optional.of(toDefinition(event));
    }

    private void apply(Event event, EventDefinition def, String actor) {
        event.title = def.title().strip();
        event.budgetMbps = def.budgetMbps();
        event.template = def.template() == null ? "standard" : def.template();
        event.originBase = blankToNull(def.originBase());
        if (event.originBase != null && !event.originBase.endsWith("/")) {
            event.originBase = event.originBase + "/";
        }
        MulticastDefinition m = def.multicast();
        event.multicastGroup = m == null ? null : m.group().strip();
        event.multicastPort = m == null ? null : m.port();
        event.multicastTtl = m == null ? null : m.ttl();
        event.multicastSource = m == null ? null : blankToNull(m.source());
        event.updatedAt = Instant.now(clock);
        event.updatedBy = actor;
        applyLadder(event, def.renditions());
        applyRegions(event, def.regions());
        event.startsAt = def.startsAt();
        event.replayBase = withSlash(blankToNull(def.replayBase()));
        event.replayRope = def.replayRope() == null || def.replayRope();
        event.backupOriginBase = withSlash(blankToNull(def.backupOriginBase()));
        event.vodUrl = blankToNull(def.vodUrl());
        event.rules = RuleSettings.of(def.rules());
        event.pollIntervalSeconds = def.pollInterval();
        event.edges.clear();
        if (def.edges() != null) {
            for (EventDefinition.EdgeDefinition d : def.edges()) {
                Edge edge = new Edge();
                edge.url = d.url().strip();
                edge.region = d.region();
                edge.source = d.source();
                event.edges.add(edge);
            }
        }
        event.internalNetworks.clear();
        if (def.internalNetworks() != null) {
            def.internalNetworks().forEach(n -> event.internalNetworks.add(n.strip()));
        }
    }

    /** Updates rungs in place by id, so a kept rung keeps its row and ids never collide in one flush. */
    private static void applyLadder(Event event, List<RenditionDefinition> defs) {
        Map<String, Rendition> existing = event.renditions.stream()
                .collect(Collectors.toMap(r -> r.code, Function.identity()));
        List<Rendition> next = new ArrayList<>();
        for (RenditionDefinition d : defs) {
            Rendition r = existing.remove(d.id());
            if (r == null) {
                r = new Rendition();
                r.event = event;
                r.code = d.id();
            }
            r.bandwidth = d.bandwidth();
            r.averageBandwidth = d.averageBandwidth();
            r.codecs = blankToNull(d.codecs());
            r.resolution = d.resolution();
            r.frameRate = d.frameRate();
            r.audioOnly = Boolean.TRUE.equals(d.audioOnly());
            r.uri = d.uri().strip();
            next.add(r);
        }
        event.renditions.removeAll(existing.values());
        for (Rendition r : next) {
            if (!event.renditions.contains(r)) {
                event.renditions.add(r);
            }
        }
        event.renditions.sort((a, b) -> a.bandwidth != b.bandwidth ? Long.compare(a.bandwidth, b.bandwidth)
                : a.code.compareTo(b.code));
    }

    private static void applyRegions(Event event, List<RegionDefinition> defs) {
        Map<String, Region> existing = event.regions.stream().collect(Collectors.toMap(r -> r.code, Function.identity()));
        List<Region> next = new ArrayList<>();
        int position = 0;
        for (RegionDefinition d : defs) {
            Region r = existing.remove(d.code());
            if (r == null) {
                r = new Region();
                r.event = event;
                r.code = d.code();
            }
            r.position = position++;
            r.countries = Region.join(d.countries() == null ? null
                    : d.countries().stream().map(EventValidator::upper).toList());
            r.continents = Region.join(d.continents() == null ? null
                    : d.continents().stream().map(EventValidator::upper).toList());
            r.capacityMbps = d.capacityMbps();
            r.isDefault = Boolean.TRUE.equals(d.isDefault());
            r.template = d.template();
            r.notice = blankToNull(d.notice());
            r.rules = RuleSettings.of(d.rules());
            next.add(r);
        }
        event.regions.removeAll(existing.values());
        for (Region r : next) {
            if (!event.regions.contains(r)) {
                event.regions.add(r);
            }
        }
        event.regions.sort((a, b) -> Integer.compare(a.position, b.position));
    }

    static EventDefinition toDefinition(Event e) {
        List<RenditionDefinition> renditions = e.renditions.stream()
                .map(r -> new RenditionDefinition(r.code, r.bandwidth, r.averageBandwidth, r.codecs, r.resolution,
                        r.frameRate, r.audioOnly, r.uri))
                .toList();
        List<RegionDefinition> regions = e.regions.stream()
                .map(r -> new RegionDefinition(r.code, r.countryList(), r.continentList(), r.capacityMbps,
                        r.isDefault ? Boolean.TRUE : null, r.template, r.notice,
                        r.rules == null ? null : r.rules.toDefinition()))
                .toList();
        MulticastDefinition multicast = e.multicastGroup == null ? null
                : new MulticastDefinition(e.multicastGroup, e.multicastPort, e.multicastTtl, e.multicastSource);
        return new EventDefinition(e.slug, e.title, e.state, e.budgetMbps, e.template, e.originBase, renditions,
                regions, List.copyOf(e.internalNetworks), multicast, e.rules == null ? null : e.rules.toDefinition(),
                e.pollIntervalSeconds,
                e.edges.stream().map(x -> new EventDefinition.EdgeDefinition(x.url, x.region, x.source)).toList(),
                e.startsAt, e.replayBase, e.replayRope, e.backupOriginBase, e.vodUrl, e.updatedAt, e.updatedBy);
    }

    private static String summary(Event e) {
        return "title=" + e.title + "; state=" + e.state + "; budgetMbps=" + e.budgetMbps + "; ladder="
                + e.renditions.stream().map(r -> r.code + ":" + r.bandwidth).collect(Collectors.joining(","))
                + "; regions=" + e.regions.stream().map(r -> r.code + ":" + r.capacityMbps + (r.isDefault ? "*" : ""))
                        .collect(Collectors.joining(","))
                + "; internal=" + String.join(",", e.internalNetworks)
                + (e.multicastGroup == null ? "" : "; multicast=" + e.multicastGroup + ":" + e.multicastPort)
                + "; rules=" + rules(e.rules)
                + e.regions.stream().filter(r -> r.rules != null && r.rules.toDefinition() != null)
                        .map(r -> "; " + r.code + ".rules=" + rules(r.rules)).collect(Collectors.joining())
                + "; pollInterval=" + e.pollIntervalSeconds + "; startsAt=" + e.startsAt + "; replayBase="
                + e.replayBase + "; replayRope=" + e.replayRope + "; backupOriginBase=" + e.backupOriginBase
                + "; vodUrl=" + e.vodUrl
                + "; edges=" + e.edges.stream().map(x -> x.region + ":" + x.source + "@" + x.url)
                        .collect(Collectors.joining(","));
    }

    private static String rules(RuleSettings r) {
        EventDefinition.RulesDefinition d = r == null ? null : r.toDefinition();
        return d == null ? "defaults" : d.toString().replace("RulesDefinition", "");
    }

    /** Voids every standing VOD approval of the event: PR approved another URL. */
    void voidApprovals(Event event, String actor, String why) {
        for (VodApproval a : VodApproval.standingFor(event.id)) {
            a.voidedAt = Instant.now(clock);
            a.voidedWhy = why;
            audit.record(event.slug, null, actor, false, "VOD_APPROVAL_VOIDED", a.vodUrl + " (approved by "
                    + a.approvedBy + ")", null, why);
        }
    }

    private static String withSlash(String base) {
        return base == null || base.endsWith("/") ? base : base + "/";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}
