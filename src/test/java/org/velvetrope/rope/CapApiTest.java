package org.velvetrope.rope;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class CapApiTest {

    @Test
    void regionsListEveryRegionWithItsState() {
        String slug = TestApi.createEvent("regions");
        TestApi.admin().get("/api/events/" + slug + "/regions").then().statusCode(200).body("$", hasSize(5))
                .body("region", equalTo(List.of("NA", "EU", "AU", "JP", "ROW")))
                .body("[1].capacityMbps", equalTo(4000)).body("[1].top", equalTo("v6000"))
                .body("[1].pinned", equalTo(false)).body("[1].version", equalTo(1))
                .body("[0].loadMbps", equalTo(0.0f)).body("[0].utilization", equalTo(0.0f));
    }

    @Test
    void opsClampsWithAReasonAndTheAuditSaysWhoWhatWhy() {
        String slug = TestApi.createEvent("clamp");
        long version = TestApi.version(slug, "EU");
        TestApi.cap(slug, "EU", Map.of("top", "v1200", "hard", true, "reason", "EU transit at 90%", "version", version))
                .then().statusCode(200).body("top", equalTo("v1200")).body("hard", equalTo(true))
                .body("version", equalTo((int) version + 1)).body("updatedBy", equalTo("ops-user"));
        TestApi.as(TestApi.pr()).get("/api/events/" + slug + "/audit").then().statusCode(200)
                .body("[0].action", equalTo("CLAMP")).body("[0].region", equalTo("EU"))
                .body("[0].actor", equalTo("ops-user")).body("[0].automatic", equalTo(false))
                .body("[0].from", containsString("top=v6000")).body("[0].to", containsString("top=v1200"))
                .body("[0].reason", equalTo("EU transit at 90%"));
    }

    @Test
    void staleVersionConflictsAndShowsWhoChangedItAndTheFreshState() {
        String slug = TestApi.createEvent("stale");
        long seen = TestApi.version(slug, "AU");
        TestApi.cap(slug, "AU", Map.of("top", "v3000", "reason", "first", "version", seen)).then().statusCode(200);
        TestApi.cap(slug, "AU", Map.of("top", "v400", "reason", "second", "version", seen)).then().statusCode(409)
                .contentType("application/problem+json").body("detail", containsString("changed by ops-user"))
                .body("current.top", equalTo("v3000")).body("current.version", equalTo((int) seen + 1));
        TestApi.admin().get("/api/events/" + slug + "/regions/AU").then().body("top", equalTo("v3000"));
    }

    @Test
    void unknownRenditionOrRegionOrEmptyChangeIsRefused() {
        String slug = TestApi.createEvent("badcap");
        TestApi.cap(slug, "EU", Map.of("top", "v9000")).then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("top"))
                .body("detail", containsString("a64, v400, v1200, v3000, v6000"));
        TestApi.cap(slug, "MARS", Map.of("top", "v400")).then().statusCode(404);
        TestApi.cap(slug, "EU", Map.of("reason", "nothing")).then().statusCode(400);
        TestApi.cap(slug, "EU", Map.of("version", -1, "top", "v400")).then().statusCode(400)
                .body("errors.field", hasItems("version"));
        TestApi.as(TestApi.ops()).body("{\"top\": [1]}").put("/api/events/" + slug + "/regions/EU/cap").then()
                .statusCode(400).contentType("application/problem+json");
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("top", equalTo("v6000"))
                .body("version", equalTo(1));
    }

    @Test
    void onlyOpsMayChangeCaps() {
        String slug = TestApi.createEvent("roles");
        given().contentType("application/json").body(Map.of("top", "v400"))
                .put("/api/events/" + slug + "/regions/EU/cap").then().statusCode(401);
        TestApi.as(TestApi.pr()).body(Map.of("top", "v400")).put("/api/events/" + slug + "/regions/EU/cap").then()
                .statusCode(403).contentType("application/problem+json");
        TestApi.as(TestApi.user("reporter-user", "reporter")).body(Map.of("top", "v400"))
                .put("/api/events/" + slug + "/regions/EU/cap").then().statusCode(403);
        TestApi.admin().body(Map.of("top", "v400", "reason", "admin can too"))
                .put("/api/events/" + slug + "/regions/EU/cap").then().statusCode(200);
    }

    @Test
    void pinAndUnpinAreAuditedAndVersioned() {
        String slug = TestApi.createEvent("pin");
        TestApi.cap(slug, "JP", Map.of("top", "v3000", "pin", true, "reason", "hold for the demo")).then()
                .statusCode(200).body("pinned", equalTo(true)).body("version", equalTo(2));
        TestApi.as(TestApi.ops()).delete("/api/events/" + slug + "/regions/JP/pin").then().statusCode(200)
                .body("pinned", equalTo(false)).body("top", equalTo("v3000")).body("version", equalTo(3));
        TestApi.as(TestApi.pr()).delete("/api/events/" + slug + "/regions/JP/pin").then().statusCode(403);
        TestApi.admin().get("/api/events/" + slug + "/audit").then().body("action", hasItems("UNPIN", "CLAMP"));
    }

    @Test
    void previewTellsWhatAnAddressGets() {
        String slug = TestApi.createEvent("preview");
        TestApi.cap(slug, "EU", Map.of("top", "v1200")).then().statusCode(200);
        TestApi.as(TestApi.pr()).queryParam("ip", "81.2.69.142").get("/api/events/" + slug + "/preview").then()
                .statusCode(200).body("region", equalTo("EU")).body("country", equalTo("GB"))
                .body("top", equalTo("v1200")).body("page", equalTo("/events/" + slug))
                .body("playlist", equalTo("/events/" + slug + "/live.m3u8"));
        TestApi.admin().queryParam("ip", "10.1.2.3").get("/api/events/" + slug + "/preview").then()
                .body("region", equalTo("INTERNAL")).body("template", equalTo("multicast"))
                .body("sdp", equalTo("/events/" + slug + "/multicast.sdp"));
        TestApi.admin().queryParam("ip", "not-an-ip").get("/api/events/" + slug + "/preview").then()
                .statusCode(400).body("field", equalTo("ip"));
        TestApi.admin().get("/api/events/" + slug + "/preview").then().statusCode(400).body("field", equalTo("ip"));
    }
}
