package org.velvetrope.traffic;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

@QuarkusTest
class TelemetryApiTest {

    static String token(String... events) {
        return TestApi.admin().body(Map.of("name", "cdn-" + events[0], "events", List.of(events))).post("/api/tokens")
                .then().statusCode(201).body("token", notNullValue()).extract().path("token");
    }

    static RequestSpecification bearer(String token) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON);
    }

    static Map<String, Object> sample(String source, String region, Instant at, Object mbps, Long viewers) {
        Map<String, Object> s = new HashMap<>();
        s.put("source", source);
        s.put("region", region);
        s.put("at", at.toString());
        s.put("mbps", mbps);
        if (viewers != null) {
            s.put("viewers", viewers);
        }
        return s;
    }

    static Map<String, Object> batch(List<Map<String, Object>> samples) {
        return Map.of("samples", samples);
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    @Test
    void pushedSamplesAddUpPerRegionWithSourcesAndViewers() {
        String slug = TestApi.createEvent("tele");
        String token = token(slug);
        Instant at = now();
        bearer(token).body(batch(List.of(sample("edge-fra", "EU", at, 1200.5, 3000L),
                sample("edge-ams", "EU", at, 800, 2000L), sample("edge-iad", "NA", at, 500, null))))
                .post("/api/events/" + slug + "/telemetry").then().statusCode(202).body("accepted", equalTo(3))
                .body("applied", equalTo(3));
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().statusCode(200)
                .body("loadMbps", equalTo(2000.5f)).body("viewers", equalTo(5000)).body("stale", equalTo(false))
                .body("utilization", equalTo(0.5f)).body("sources.source", equalTo(List.of("edge-ams", "edge-fra")))
                .body("sources[0].fresh", equalTo(true));
        TestApi.admin().get("/api/events/" + slug + "/regions/JP").then().body("stale", equalTo(true))
                .body("loadMbps", equalTo(0.0f));
    }

    @Test
    void replayOfTheSameSourceAndTimeChangesNothing() {
        String slug = TestApi.createEvent("replay");
        String token = token(slug);
        Instant at = now();
        Map<String, Object> body = batch(List.of(sample("edge-1", "AU", at, 300, null)));
        bearer(token).body(body).post("/api/events/" + slug + "/telemetry").then().statusCode(202)
                .body("applied", equalTo(1));
        bearer(token).body(body).post("/api/events/" + slug + "/telemetry").then().statusCode(202)
                .body("accepted", equalTo(1)).body("applied", equalTo(0)).body("duplicates", equalTo(1));
        bearer(token).body(batch(List.of(sample("edge-1", "AU", at.minusSeconds(3), 999, null))))
                .post("/api/events/" + slug + "/telemetry").then().statusCode(202).body("applied", equalTo(0));
        TestApi.admin().get("/api/events/" + slug + "/regions/AU").then().body("loadMbps", equalTo(300.0f));
    }

    @Test
    void aBadSampleRefusesTheWholeBatchListingEachByIndex() {
        String slug = TestApi.createEvent("badtele");
        String token = token(slug);
        Instant at = now();
        List<Map<String, Object>> samples = new ArrayList<>();
        samples.add(sample("ok", "EU", at, 100, null));
        samples.add(sample("x", "MARS", at, 100, null));
        samples.add(sample("x", "EU", at, -1, null));
        samples.add(sample("x", "EU", at.plusSeconds(60), 10, null));
        Map<String, Object> noSource = sample("x", "EU", at, 10, null);
        noSource.remove("source");
        samples.add(noSource);
        Map<String, Object> badTime = sample("x", "EU", at, 10, null);
        badTime.put("at", "yesterday");
        samples.add(badTime);
        samples.add(sample("x", "EU", at, 10, -5L));
        bearer(token).body(batch(samples)).post("/api/events/" + slug + "/telemetry").then().statusCode(400)
                .contentType("application/problem+json").body("detail", containsString("nothing of this batch"))
                .body("errors.field", hasItems("samples[1].region", "samples[2].mbps", "samples[3].at",
                        "samples[4].source", "samples[5].at", "samples[6].viewers"))
                .body("errors.field", not(hasItem(containsString("samples[0]"))));
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("loadMbps", equalTo(0.0f))
                .body("stale", equalTo(true));
        bearer(token).body("{\"samples\": [{\"source\": \"a\", \"region\": \"EU\", \"at\": \"" + at
                + "\", \"mbps\": \"fast\"}]}").post("/api/events/" + slug + "/telemetry").then().statusCode(400)
                .contentType("application/problem+json");
        bearer(token).body("{}").post("/api/events/" + slug + "/telemetry").then().statusCode(400)
                .body("field", equalTo("samples"));
    }

    @Test
    void tooLargeBatchesAreRefusedWith413() {
        String slug = TestApi.createEvent("big");
        String token = token(slug);
        List<Map<String, Object>> samples = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            samples.add(sample("edge-" + i, "EU", now(), 1, null));
        }
        bearer(token).body(batch(samples)).post("/api/events/" + slug + "/telemetry").then().statusCode(413)
                .contentType("application/problem+json");
        String padded = "{\"samples\": [], \"padding\": \"" + "x".repeat(30000) + "\"}";
        bearer(token).body(padded).post("/api/events/" + slug + "/telemetry").then().statusCode(413)
                .contentType("application/problem+json");
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("stale", equalTo(true));
    }

    @Test
    void tokensAreBoundToEventsShownOnceAndRevocable() {
        String slug = TestApi.createEvent("tok");
        String other = TestApi.createEvent("tok-other");
        String token = token(slug);
        Map<String, Object> body = batch(List.of(sample("e", "EU", now(), 1, null)));
        bearer(token).body(body).post("/api/events/" + other + "/telemetry").then().statusCode(403)
                .contentType("application/problem+json");
        bearer("vrt_not-a-token").body(body).post("/api/events/" + slug + "/telemetry").then().statusCode(401)
                .contentType("application/problem+json");
        given().contentType(ContentType.JSON).body(body).post("/api/events/" + slug + "/telemetry").then()
                .statusCode(401);
        bearer(token).get("/api/events/" + slug + "/regions").then().statusCode(403);
        int id = TestApi.admin().get("/api/tokens").then().statusCode(200).body("token", not(hasItem(token)))
                .extract().jsonPath().getInt("find { it.events.contains('" + slug + "') }.id");
        TestApi.as(TestApi.ops()).delete("/api/tokens/" + id).then().statusCode(403);
        TestApi.admin().delete("/api/tokens/" + id).then().statusCode(204);
        bearer(token).body(body).post("/api/events/" + slug + "/telemetry").then().statusCode(401);
        TestApi.admin().delete("/api/tokens/" + id).then().statusCode(404);
        TestApi.admin().body(Map.of("name", "x", "events", List.of("no-such-event"))).post("/api/tokens").then()
                .statusCode(400).body("field", equalTo("events[0]"));
        TestApi.admin().get("/api/events/" + slug + "/audit").then().body("action",
                hasItems("TOKEN_CREATED", "TOKEN_REVOKED"));
    }
}
