package org.velvetrope.traffic;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.containsString;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import com.sun.net.httpserver.HttpServer;

import io.quarkus.test.junit.QuarkusTest;

/** Polls real HTTP edges on loopback: one healthy, one failing, one too slow. */
@QuarkusTest
class EdgePollerTest {

    @Inject
    EdgePoller poller;

    HttpServer edges;
    volatile String healthyAnswer;

    @BeforeEach
    void startEdges() throws IOException {
        edges = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        edges.createContext("/healthy", exchange -> {
            byte[] body = healthyAnswer.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        edges.createContext("/broken", exchange -> {
            exchange.sendResponseHeaders(503, -1);
            exchange.close();
        });
        edges.createContext("/slow", exchange -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        edges.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        edges.start();
    }

    @AfterEach
    void stopEdges() {
        edges.stop(0);
    }

    String url(String path) {
        return "http://127.0.0.1:" + edges.getAddress().getPort() + path;
    }

    @Test
    void healthyEdgeCountsItsTxBandwidthAndFailingOnesGoStaleNeverZero() throws Exception {
        String slug = TestApi.uniqueSlug("edges");
        Map<String, Object> event = TestApi.event(slug);
        event.put("edges", List.of(Map.of("url", url("/healthy"), "region", "EU", "source", "edge-fra"),
                Map.of("url", url("/broken"), "region", "JP", "source", "edge-nrt"),
                Map.of("url", url("/slow"), "region", "JP", "source", "edge-kix")));
        event.put("pollInterval", 1);
        TestApi.admin().body(event).post("/api/events").then().statusCode(201);
        healthyAnswer = "{\"timestamp\": \"" + Instant.now() + "\", \"total_bandwidth\": 2600000, "
                + "\"rx_bandwidth\": 100000, \"tx_bandwidth\": 2500000}";

        poller.pollDue().get(10, TimeUnit.SECONDS);

        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("loadMbps", equalTo(2500.0f))
                .body("stale", equalTo(false)).body("sources[0].source", equalTo("edge-fra"));
        TestApi.admin().get("/api/events/" + slug + "/regions/JP").then().body("stale", equalTo(true))
                .body("loadMbps", equalTo(0.0f))
                .body("sources.find { it.source == 'edge-nrt' }.failures", greaterThanOrEqualTo(1))
                .body("sources.find { it.source == 'edge-nrt' }.lastError", equalTo("HTTP 503"))
                .body("sources.find { it.source == 'edge-kix' }.lastError", equalTo("timeout"));
        TestApi.admin().get("/q/metrics").then().body(containsString("velvet_edge_poll_failures_total{event=\""
                + slug + "\",region=\"JP\",source=\"edge-nrt\"}"));
    }

    @Test
    void answerWithoutTxBandwidthIsAFailure() throws Exception {
        String slug = TestApi.uniqueSlug("edges-bad");
        Map<String, Object> event = TestApi.event(slug);
        event.put("edges", List.of(Map.of("url", url("/healthy"), "region", "AU", "source", "edge-syd")));
        TestApi.admin().body(event).post("/api/events").then().statusCode(201);
        healthyAnswer = "{\"timestamp\": \"" + Instant.now() + "\", \"rx_bandwidth\": 1}";
        poller.pollDue().get(10, TimeUnit.SECONDS);
        TestApi.admin().get("/api/events/" + slug + "/regions/AU").then().body("stale", equalTo(true))
                .body("sources[0].lastError", equalTo("no valid tx_bandwidth"));
    }
}
