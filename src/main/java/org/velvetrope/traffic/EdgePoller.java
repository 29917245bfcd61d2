package org.velvetrope.traffic;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.velvetrope.VelvetConfig;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.Rope;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;

/**
 * Pull telemetry: polls every event's edge stat endpoints ({@code {"timestamp", "tx_bandwidth", ...}} in Kbps) every
 * {@code pollInterval}, with a timeout. A failed or slow edge is counted and its last sample ages until stale — it
 * never counts as zero.
 */
@ApplicationScoped
public class EdgePoller {

    static final double KBPS_PER_MBPS = 1000.0;
    /** As for pushed samples: an edge clock this far ahead would keep a silent edge fresh. */
    static final long MAX_FUTURE_SECONDS = 5;

    @Inject
    Rope rope;

    @Inject
    TrafficBook book;

    @Inject
    VelvetConfig config;

    @Inject
    Clock clock;

    @Inject
    ObjectMapper json;

    @Inject
    MeterRegistry registry;

    private final Map<String, Instant> nextPoll = new ConcurrentHashMap<>();
    private volatile HttpClient client;

    private HttpClient client() {
        if (client == null) {
            client = HttpClient.newBuilder().connectTimeout(config.traffic().pollTimeout())
                    .followRedirects(HttpClient.Redirect.NEVER).build();
        }
        return client;
    }

    @Scheduled(every = "1s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        pollDue();
    }

    /** Polls every edge whose interval has passed; the future completes when all answered or timed out. */
    public CompletableFuture<Void> pollDue() {
        Instant now = clock.instant();
        List<CompletableFuture<Void>> polls = new ArrayList<>();
        for (EventView event : rope.current().events()) {
            for (EventView.EdgeView edge : event.edges()) {
                String key = event.slug() + "|" + edge.region() + "|" + edge.source() + "|" + edge.url();
                Instant due = nextPoll.get(key);
                if (due != null && now.isBefore(due)) {
                    continue;
                }
                nextPoll.put(key, now.plus(event.pollInterval()));
                polls.add(poll(event.slug(), edge));
            }
        }
        return CompletableFuture.allOf(polls.toArray(CompletableFuture[]::new));
    }

    CompletableFuture<Void> poll(String slug, EventView.EdgeView edge) {
        HttpRequest request;
        try {
            request = HttpRequest.newBuilder(URI.create(edge.url())).timeout(config.traffic().pollTimeout())
                    .header("Accept", "application/json").GET().build();
        } catch (IllegalArgumentException e) {
            failed(slug, edge, "bad url");
            return CompletableFuture.completedFuture(null);
        }
        return client().sendAsync(request, HttpResponse.BodyHandlers.ofString()).handle((response, error) -> {
            if (error != null) {
                if (error instanceof java.util.concurrent.CompletionException && error.getCause() != null) {
                    error = error.getCause();
                }
                failed(slug, edge, error instanceof java.net.http.HttpTimeoutException ? "timeout"
                        : "unreachable: " + error.getClass().getSimpleName());
            } else if (response.statusCode() != 200) {
                failed(slug, edge, "HTTP " + response.statusCode());
            } else {
                accept(slug, edge, response.body());
            }
            return null;
        });
    }

    private void accept(String slug, EventView.EdgeView edge, String body) {
        try {
            JsonNode stats = json.readTree(body);
            JsonNode tx = stats.get("tx_bandwidth");
            JsonNode timestamp = stats.get("timestamp");
            if (tx == null || !tx.isNumber() || !Double.isFinite(tx.asDouble()) || tx.asDouble() < 0) {
                failed(slug, edge, "no valid tx_bandwidth");
                return;
            }
            if (timestamp == null || !timestamp.isTextual()) {
                failed(slug, edge, "no timestamp");
                return;
            }
            Instant at = OffsetDateTime.parse(timestamp.asText()).toInstant();
            if (at.isAfter(clock.instant().plusSeconds(MAX_FUTURE_SECONDS))) {
                failed(slug, edge, "timestamp in the future; check the edge's clock");
                return;
            }
            book.record(slug, new TrafficBook.Sample(edge.source(), edge.region(), at, tx.asDouble() / KBPS_PER_MBPS,
                    null));
            registry.counter("velvet.edge.polls", "event", slug, "region", edge.region(), "outcome", "ok").increment();
        } catch (Exception e) {
            failed(slug, edge, "unreadable answer");
        }
    }

    private void failed(String slug, EventView.EdgeView edge, String why) {
        book.recordFailure(slug, edge.region(), edge.source(), why);
        registry.counter("velvet.edge.polls", "event", slug, "region", edge.region(), "outcome", "failed").increment();
        registry.counter("velvet.edge.poll.failures", "event", slug, "region", edge.region(), "source", edge.source())
                .increment();
    }

    @PreDestroy
    void close() {
        client = null;
    }
}
