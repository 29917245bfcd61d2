package org.velvetrope.rope;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;

/** The rules wired to real telemetry, the cap-change path, the audit and the viewer path. */
@QuarkusTest
class RulesLoopTest {

    @Inject
    RulesLoop loop;

    static void report(String slug, String region, double mbps, Instant at) {
        String token = TestApi.admin().body(Map.of("name", "cdn", "events", List.of(slug))).post("/api/tokens")
                .then().statusCode(201).extract().path("token");
        given().header("Authorization", "Bearer " + token).contentType("application/json")
                .body(Map.of("samples", List.of(Map.of("source", "cdn", "region", region, "at", at.toString(),
                        "mbps", mbps))))
                .post("/api/events/" + slug + "/telemetry").then().statusCode(202);
    }

    @Test
    void hotRegionIsClampedAuditedAndTheNextViewerSeesIt() {
        String slug = TestApi.createEvent("hot");
        report(slug, "EU", 3800, Instant.now());
        loop.tick();

        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("top", equalTo("v3000"))
                .body("updatedBy", equalTo("auto")).body("utilization", equalTo(0.95f));
        TestApi.admin().get("/api/events/" + slug + "/audit").then().body("[0].automatic", equalTo(true))
                .body("[0].actor", equalTo("auto")).body("[0].action", equalTo("CLAMP"))
                .body("[0].reason", startsWith("auto: utilization 0.95 ≥ 0.85"))
                .body("[0].reason", containsString("load 3800 of 4000 Mbps"));
        given().header("X-Forwarded-For", "81.2.69.142").get("/events/" + slug).then()
                .header("X-Velvet-Top", "v3000");
        given().get("/q/metrics").then().body(containsString(
                "velvet_rule_actions_total{action=\"clamp\",event=\"" + slug + "\",region=\"EU\"} 1.0"))
                .body(containsString("velvet_region_utilization{event=\"" + slug + "\",region=\"EU\"} 0.95"));
    }

    @Test
    void pinnedRegionIsLeftAloneEvenWhenHot() {
        String slug = TestApi.createEvent("pinned");
        TestApi.cap(slug, "AU", Map.of("top", "v6000", "pin", true, "reason", "sponsor stream")).then()
                .statusCode(200);
        report(slug, "AU", 1600, Instant.now());
        loop.tick();
        TestApi.admin().get("/api/events/" + slug + "/regions/AU").then().body("top", equalTo("v6000"))
                .body("pinned", equalTo(true)).body("utilization", equalTo(2.0f));
    }

    @Test
    void oldSamplesMakeARegionStaleAndItIsNotTouched() {
        String slug = TestApi.createEvent("old");
        report(slug, "JP", 1490, Instant.now().minusSeconds(120));
        loop.tick();
        TestApi.admin().get("/api/events/" + slug + "/regions/JP").then().body("stale", equalTo(true))
                .body("top", equalTo("v6000")).body("sources[0].fresh", equalTo(false));
    }

    @Test
    void ruleSettingsAreEditableThroughTheEventApi() {
        String slug = TestApi.uniqueSlug("settings");
        Map<String, Object> event = TestApi.event(slug);
        event.put("rules", Map.of("clampAt", 0.5, "restoreAt", 0.3, "cooldown", 20));
        TestApi.list(event, "regions").get(1).put("rules", Map.of("floor", "v1200", "clampAt", 0.9));
        TestApi.admin().body(event).post("/api/events").then().statusCode(201)
                .body("rules.clampAt", equalTo(0.5f)).body("regions[1].rules.floor", equalTo("v1200"));
        report(slug, "NA", 4400, Instant.now()); // 0.55 of 8000 ≥ the event's 0.5
        report(slug, "EU", 3400, Instant.now()); // 0.85 of 4000 < EU's own 0.9
        loop.tick();
        TestApi.admin().get("/api/events/" + slug + "/regions/NA").then().body("top", equalTo("v3000"));
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("top", equalTo("v6000"))
                .body("floor", equalTo("v1200"));

        event.put("rules", Map.of("clampAt", 0.5, "restoreAt", 0.6));
        TestApi.admin().body(event).put("/api/events/" + slug).then().statusCode(400)
                .body("field", equalTo("rules.restoreAt"));
        event.put("rules", Map.of());
        TestApi.list(event, "regions").get(1).put("rules", Map.of("restoreAt", 0.9));
        TestApi.admin().body(event).put("/api/events/" + slug).then().statusCode(400)
                .body("field", equalTo("regions[1].rules.restoreAt"));
        TestApi.list(event, "regions").get(1).put("rules", Map.of("floor", "v9"));
        TestApi.admin().body(event).put("/api/events/" + slug).then().statusCode(400)
                .body("field", equalTo("regions[1].rules.floor"));
    }
}
