package org.velvetrope.event;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class EventApiTest {

    @Test
    void createdEventReadsBackWithTheContractShape() {
        String slug = TestApi.uniqueSlug("shape");
        TestApi.admin().body(TestApi.event(slug)).post("/api/events").then().statusCode(201)
                .header("Location", containsString("/api/events/" + slug));
        TestApi.admin().get("/api/events/" + slug).then().statusCode(200)
                .body("slug", equalTo(slug)).body("state", equalTo("LIVE")).body("budgetMbps", equalTo(16000))
                .body("renditions[0].id", equalTo("a64")).body("renditions[0].audioOnly", equalTo(true))
                .body("renditions[2].resolution", equalTo("960x540"))
                .body("regions[1].continents", equalTo(List.of("EU")))
                .body("regions[4].default", equalTo(true))
                .body("internalNetworks", equalTo(List.of("10.0.0.0/8", "fd00::/8")))
                .body("multicast.group", equalTo("239.255.10.10")).body("multicast.port", equalTo(5004));
        TestApi.admin().get("/api/events").then().statusCode(200).body("slug", hasItem(slug));
    }

    @Test
    void demoEventIsLoadedWithItsLadderAndRegions() {
        TestApi.admin().get("/api/events/keynote").then().statusCode(200)
                .body("renditions.id", equalTo(List.of("a64", "v400", "v1200", "v3000", "v6000")))
                .body("regions.code", equalTo(List.of("NA", "EU", "AU", "JP", "ROW")))
                .body("regions.capacityMbps", equalTo(List.of(8000, 4000, 800, 1500, 1700)))
                .body("budgetMbps", equalTo(16000));
    }

    @Test
    void updateChangesTheLadderAndKeepsCapsWhereTheRungRemains() {
        String slug = TestApi.createEvent("upd");
        TestApi.cap(slug, "EU", Map.of("top", "v3000", "reason", "before the change")).then().statusCode(200);
        TestApi.cap(slug, "JP", Map.of("top", "v1200", "reason", "before the change")).then().statusCode(200);
        Map<String, Object> e = TestApi.event(slug);
        // v3000 leaves the ladder: EU falls to the highest rung below it; JP's v1200 stays.
        TestApi.list(e, "renditions").removeIf(r -> r.get("id").equals("v3000"));
        e.put("title", "Renamed");
        TestApi.admin().body(e).put("/api/events/" + slug).then().statusCode(200).body("title", equalTo("Renamed"));
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("top", equalTo("v1200"));
        TestApi.admin().get("/api/events/" + slug + "/regions/JP").then().body("top", equalTo("v1200"));
        TestApi.admin().get("/api/events/" + slug + "/audit").then().statusCode(200)
                .body("action", hasItem("EVENT_UPDATED")).body("reason", hasItem("rung v3000 left the ladder"));
    }

    void refused(Consumer<Map<String, Object>> breakIt, String field) {
        String slug = TestApi.uniqueSlug("bad");
        Map<String, Object> e = TestApi.event(slug);
        breakIt.accept(e);
        TestApi.admin().body(e).post("/api/events").then().statusCode(400)
                .contentType("application/problem+json").body("status", equalTo(400))
                .body("detail", notNullValue()).body("errors.field", hasItem(field));
        TestApi.admin().get("/api/events/" + slug).then().statusCode(404);
    }

    @Test
    void badDefinitionsAreRefusedNamingTheFieldAndNothingIsSaved() {
        refused(e -> TestApi.list(e, "renditions").get(2).put("id", "v400"), "renditions[2].id");
        refused(e -> TestApi.list(e, "regions").get(4).remove("default"), "regions");
        refused(e -> TestApi.list(e, "regions").get(0).put("default", true), "regions[4].default");
        refused(e -> e.put("internalNetworks", List.of("10.0.0.0/8", "10.0.0.0/40")), "internalNetworks[1]");
        refused(e -> e.put("internalNetworks", List.of("corp-network")), "internalNetworks[0]");
        refused(e -> TestApi.list(e, "regions").get(0).put("countries", List.of("US", "XX")), "regions[0].countries[1]");
        refused(e -> TestApi.list(e, "regions").get(1).put("continents", List.of("EUROPE")),
                "regions[1].continents[0]");
        refused(e -> TestApi.list(e, "regions").get(3).put("countries", List.of("US")), "regions[3].countries[0]");
        refused(e -> TestApi.list(e, "renditions").get(1).put("bandwidth", 0), "renditions[1].bandwidth");
        refused(e -> TestApi.list(e, "renditions").get(1).put("bandwidth", -5), "renditions[1].bandwidth");
        refused(e -> TestApi.list(e, "regions").get(2).put("capacityMbps", 0), "regions[2].capacityMbps");
        refused(e -> TestApi.list(e, "regions").get(2).put("code", "INTERNAL"), "regions[2].code");
        refused(e -> TestApi.list(e, "regions").get(2).put("code", "EU"), "regions[2].code");
        refused(e -> e.put("slug", "Not A Slug"), "slug");
        refused(e -> e.put("budgetMbps", -1), "budgetMbps");
        refused(e -> e.put("renditions", List.of()), "renditions");
        refused(e -> TestApi.list(e, "renditions").get(1).put("uri", "relative/index.m3u8"), "renditions[1].uri");
        refused(e -> TestApi.list(e, "renditions").get(1).put("uri", "ftp://x/index.m3u8"), "renditions[1].uri");
        refused(e -> TestApi.list(e, "renditions").get(1).put("resolution", "big"), "renditions[1].resolution");
        refused(e -> e.put("multicast", Map.of("group", "10.1.1.1", "port", 5004)), "multicast.group");
        refused(e -> e.put("multicast", Map.of("group", "239.1.1.1", "port", 70000)), "multicast.port");
    }

    @Test
    void malformedJsonAndWrongTypesAreProblems() {
        TestApi.admin().body("{\"slug\": ").post("/api/events").then().statusCode(400)
                .contentType("application/problem+json");
        TestApi.admin().body("{\"slug\": \"x\", \"budgetMbps\": \"lots\"}").post("/api/events").then().statusCode(400)
                .contentType("application/problem+json").body("field", equalTo("budgetMbps"));
        TestApi.admin().post("/api/events").then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void badUpdateChangesNothing() {
        String slug = TestApi.createEvent("badupd");
        Map<String, Object> e = TestApi.event(slug);
        e.put("title", "Should not stick");
        TestApi.list(e, "regions").get(0).put("capacityMbps", -1);
        TestApi.admin().body(e).put("/api/events/" + slug).then().statusCode(400)
                .body("errors.field", hasItem("regions[0].capacityMbps"));
        TestApi.admin().get("/api/events/" + slug).then().body("title", equalTo("Test " + slug))
                .body("regions[0].capacityMbps", equalTo(8000));
        e = TestApi.event(slug);
        e.put("slug", "another-slug");
        TestApi.admin().body(e).put("/api/events/" + slug).then().statusCode(400).body("field", equalTo("slug"));
    }

    @Test
    void duplicateSlugConflictsAndUnknownSlugIsNotFound() {
        String slug = TestApi.createEvent("dup");
        TestApi.admin().body(TestApi.event(slug)).post("/api/events").then().statusCode(409)
                .contentType("application/problem+json");
        TestApi.admin().get("/api/events/nope-nope").then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("nope-nope"));
        TestApi.admin().body(TestApi.event("nope-nope")).put("/api/events/nope-nope").then().statusCode(404);
    }

    @Test
    void apiNeedsSignInAndTheRightRole() {
        given().get("/api/events").then().statusCode(401).contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Basic"));
        given().auth().preemptive().basic("admin", "wrong-password").get("/api/events").then().statusCode(401)
                .body("detail", equalTo("Sign in with a valid user name and password (HTTP Basic) or an API token."));
        given().auth().preemptive().basic("nobody-at-all", "wrong-password").get("/api/events").then()
                .statusCode(401)
                .body("detail", equalTo("Sign in with a valid user name and password (HTTP Basic) or an API token."));
        TestApi.as(TestApi.pr()).body(TestApi.event(TestApi.uniqueSlug("pr"))).post("/api/events").then()
                .statusCode(403).contentType("application/problem+json");
        TestApi.as(TestApi.pr()).get("/api/events/keynote").then().statusCode(200);
        TestApi.as(TestApi.ops()).body(Map.of("username", "sneaky", "password", TestApi.PASSWORD, "roles",
                List.of("admin"))).post("/api/users").then().statusCode(403);
    }

    @Test
    void usersNeedKnownRolesAndLongPasswords() {
        TestApi.admin().body(Map.of("username", "short-pw", "password", "short", "roles", List.of("ops")))
                .post("/api/users").then().statusCode(400).body("errors.field", hasItem("password"));
        TestApi.admin().body(Map.of("username", "bad-role", "password", TestApi.PASSWORD, "roles", List.of("king")))
                .post("/api/users").then().statusCode(400).body("field", equalTo("roles[0]"));
    }
}
