package org.velvetrope.event;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.lindstrom.m3u8.model.Variant;
import io.lindstrom.m3u8.parser.MasterPlaylistParser;
import io.lindstrom.m3u8.parser.ParsingMode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

@QuarkusTest
class LifecycleTest {

    static final String VOD = "https://vod.example.com/keynote/master.m3u8";

    static String event(String prefix, String state, Map<String, Object> extra) {
        String slug = TestApi.uniqueSlug(prefix);
        Map<String, Object> e = TestApi.event(slug);
        e.put("state", state);
        e.putAll(extra);
        TestApi.admin().body(e).post("/api/events").then().statusCode(201);
        return slug;
    }

    static Response go(String user, String slug, String to) {
        return TestApi.as(user).body(Map.of("to", to, "reason", "test")).post("/api/events/" + slug + "/transitions");
    }

    static List<String> uris(Response playlist) throws Exception {
        return new MasterPlaylistParser(ParsingMode.STRICT).readPlaylist(playlist.asString()).variants().stream()
                .map(Variant::uri).toList();
    }

    @Test
    void everyIllegalTransitionIsRefused() {
        String ops = TestApi.ops();
        Map<String, List<String>> illegal = Map.of("SCHEDULED", List.of("SCHEDULED", "REPLAY", "VOD"),
                "LIVE", List.of("SCHEDULED", "LIVE"), "REPLAY", List.of("SCHEDULED", "LIVE", "REPLAY"),
                "VOD", List.of("SCHEDULED", "LIVE", "REPLAY", "VOD"),
                "ENDED", List.of("SCHEDULED", "LIVE", "REPLAY", "VOD", "ENDED"));
        illegal.forEach((from, targets) -> {
            String slug = event("illegal", from, Map.of("vodUrl", VOD));
            for (String to : targets) {
                go(ops, slug, to).then().statusCode(409).contentType("application/problem+json")
                        .body("detail", containsString("cannot go to " + to));
            }
            TestApi.admin().get("/api/events/" + slug).then().body("state", equalTo(from));
        });
        String slug = event("badstate", "LIVE", Map.of());
        TestApi.as(ops).body(Map.of("to", "PAUSED", "reason", "x")).post("/api/events/" + slug + "/transitions")
                .then().statusCode(400);
        TestApi.as(ops).body(Map.of("to", "REPLAY")).post("/api/events/" + slug + "/transitions").then()
                .statusCode(400).body("field", equalTo("reason"));
        TestApi.as(TestApi.pr()).body(Map.of("to", "REPLAY", "reason", "x"))
                .post("/api/events/" + slug + "/transitions").then().statusCode(403);
        Map<String, Object> put = TestApi.event(slug);
        put.put("state", "ENDED");
        TestApi.admin().body(put).put("/api/events/" + slug).then().statusCode(409)
                .body("detail", containsString("/transitions"));
    }

    @Test
    void vodNeedsPrApprovalOfTheExactUrlAndSomeoneElseToSwitch() {
        String slug = event("vod", "LIVE", Map.of("vodUrl", VOD));
        String ops = TestApi.ops();
        String pr = TestApi.pr();
        go(ops, slug, "REPLAY").then().statusCode(200).body("state", equalTo("REPLAY"));
        go(ops, slug, "VOD").then().statusCode(409).body("detail", containsString("not approved"));

        TestApi.as(pr).body(Map.of("vodUrl", VOD + "?other", "note", "x")).post("/api/events/" + slug + "/vod-approvals")
                .then().statusCode(409).body("detail", containsString(VOD));
        TestApi.as(ops).body(Map.of("vodUrl", VOD)).post("/api/events/" + slug + "/vod-approvals").then()
                .statusCode(403);
        TestApi.as(pr).body(Map.of("vodUrl", VOD, "note", "legal ok #42")).post("/api/events/" + slug + "/vod-approvals")
                .then().statusCode(201).body("approvedBy", equalTo("pr-user")).body("standing", equalTo(true));

        // Changing the URL voids the approval.
        Map<String, Object> changed = TestApi.event(slug);
        changed.put("state", "REPLAY");
        changed.put("vodUrl", VOD.replace("master", "master-v2"));
        TestApi.admin().body(changed).put("/api/events/" + slug).then().statusCode(200);
        TestApi.admin().get("/api/events/" + slug + "/vod-approvals").then().body("[0].standing", equalTo(false))
                .body("[0].voidedWhy", containsString("VOD URL changed"));
        go(ops, slug, "VOD").then().statusCode(409);

        // The approver may not switch; someone else may.
        String newUrl = VOD.replace("master", "master-v2");
        TestApi.admin().body(Map.of("vodUrl", newUrl, "note", "re-approved")).post("/api/events/" + slug
                + "/vod-approvals").then().statusCode(201);
        go("admin", slug, "VOD").then().statusCode(403).body("detail", containsString("someone else"));
        go(ops, slug, "VOD").then().statusCode(200).body("state", equalTo("VOD"));
        TestApi.admin().get("/api/events/" + slug + "/audit").then().body("action",
                hasItems("STATE", "VOD_APPROVED", "VOD_APPROVAL_VOIDED")).body("[0].reason",
                        containsString("approved by admin"));
    }

    @Test
    void eachStateServesItsPageAndPlaylist() throws Exception {
        String slug = event("states", "SCHEDULED", Map.of("startsAt", "2030-06-01T16:00:00Z", "vodUrl", VOD,
                "originBase", "https://live.example.com/k/", "replayBase", "https://replay.example.com/k/"));
        Map<String, Object> relative = TestApi.event(slug);
        relative.put("state", "SCHEDULED");
        relative.put("startsAt", "2030-06-01T16:00:00Z");
        relative.put("vodUrl", VOD);
        relative.put("originBase", "https://live.example.com/k/");
        relative.put("replayBase", "https://replay.example.com/k/");
        TestApi.list(relative, "renditions").forEach(r -> r.put("uri", r.get("id") + "/index.m3u8"));
        TestApi.admin().body(relative).put("/api/events/" + slug).then().statusCode(200);
        String ops = TestApi.ops();
        String london = "81.2.69.142";

        given().header("X-Forwarded-For", london).get("/events/" + slug).then().statusCode(200)
                .body(containsString("Starts at")).body(containsString("2030-06-01T16:00:00Z"))
                .body(containsString("countdown.js"));
        given().get("/events/" + slug + "/live.m3u8").then().statusCode(404).body("detail",
                containsString("not started"));

        go(ops, slug, "LIVE").then().statusCode(200);
        TestApi.cap(slug, "EU", Map.of("top", "v1200", "reason", "cap")).then().statusCode(200);
        Response live = given().header("X-Forwarded-For", london).get("/events/" + slug + "/live.m3u8");
        assertEquals(List.of("https://live.example.com/k/a64/index.m3u8", "https://live.example.com/k/v400/index.m3u8",
                "https://live.example.com/k/v1200/index.m3u8"), uris(live));

        go(ops, slug, "REPLAY").then().statusCode(200);
        Response replay = given().header("X-Forwarded-For", london).get("/events/" + slug + "/live.m3u8");
        assertEquals(List.of("https://replay.example.com/k/a64/index.m3u8",
                "https://replay.example.com/k/v400/index.m3u8", "https://replay.example.com/k/v1200/index.m3u8"),
                uris(replay), "the rope stays on for the replay by default");
        given().header("X-Forwarded-For", london).get("/events/" + slug).then().statusCode(200)
                .body(containsString("Replay ·"));
        relative.put("state", "REPLAY");
        relative.put("replayRope", false);
        TestApi.admin().body(relative).put("/api/events/" + slug).then().statusCode(200);
        assertEquals(5, uris(given().header("X-Forwarded-For", london).get("/events/" + slug + "/live.m3u8")).size(),
                "without the rope the replay has the whole ladder");

        TestApi.as(TestApi.pr()).body(Map.of("vodUrl", VOD)).post("/api/events/" + slug + "/vod-approvals").then()
                .statusCode(201);
        go(ops, slug, "VOD").then().statusCode(200);
        given().header("X-Forwarded-For", london).get("/events/" + slug).then().statusCode(200)
                .header("X-Velvet-Top", "v6000").body(containsString("data-src=\"" + VOD + "\""))
                .body(containsString("On demand"));
        given().redirects().follow(false).get("/events/" + slug + "/live.m3u8").then().statusCode(302)
                .header("Location", VOD);

        go(ops, slug, "ENDED").then().statusCode(200);
        given().get("/events/" + slug).then().statusCode(200).body(containsString("has ended"));
        given().get("/events/" + slug + "/live.m3u8").then().statusCode(410)
                .contentType("application/problem+json");
    }

    @Test
    void failoverMovesOnlyTheChosenRegionsToTheBackupOrigin() throws Exception {
        String slug = TestApi.uniqueSlug("failover");
        Map<String, Object> e = TestApi.event(slug);
        e.put("originBase", "https://primary.example.com/k/");
        e.put("backupOriginBase", "https://backup.example.com/k/");
        TestApi.list(e, "renditions").forEach(r -> r.put("uri", r.get("id") + "/index.m3u8"));
        TestApi.admin().body(e).post("/api/events").then().statusCode(201);
        String ops = TestApi.ops();

        TestApi.as(ops).body(Map.of("origin", "backup", "regions", List.of("EU"), "reason", "primary EU entry down"))
                .post("/api/events/" + slug + "/origin").then().statusCode(200).body("[0].region", equalTo("EU"))
                .body("[0].origin", equalTo("backup"));
        List<String> eu = uris(given().header("X-Forwarded-For", "81.2.69.142").get("/events/" + slug + "/live.m3u8"));
        List<String> na = uris(given().header("X-Forwarded-For", "8.8.8.8").get("/events/" + slug + "/live.m3u8"));
        assertTrue(eu.stream().allMatch(u -> u.startsWith("https://backup.example.com/k/")), eu.toString());
        assertTrue(na.stream().allMatch(u -> u.startsWith("https://primary.example.com/k/")), na.toString());
        TestApi.admin().get("/api/events/" + slug + "/regions/NA").then().body("origin", equalTo("primary"));
        TestApi.admin().get("/api/events/" + slug + "/audit").then().body("[0].action", equalTo("ORIGIN"))
                .body("[0].region", equalTo("EU")).body("[0].reason", equalTo("primary EU entry down"));

        TestApi.as(ops).body(Map.of("origin", "primary", "reason", "fixed")).post("/api/events/" + slug + "/origin")
                .then().statusCode(200);
        eu = uris(given().header("X-Forwarded-For", "81.2.69.142").get("/events/" + slug + "/live.m3u8"));
        assertTrue(eu.stream().allMatch(u -> u.startsWith("https://primary.example.com/k/")), eu.toString());

        TestApi.as(ops).body(Map.of("origin", "sideways", "reason", "x")).post("/api/events/" + slug + "/origin")
                .then().statusCode(400).body("field", equalTo("origin"));
        TestApi.as(ops).body(Map.of("origin", "backup", "regions", List.of("MARS"), "reason", "x"))
                .post("/api/events/" + slug + "/origin").then().statusCode(400).body("field", equalTo("regions[0]"));
        TestApi.as(TestApi.pr()).body(Map.of("origin", "backup", "reason", "x")).post("/api/events/" + slug + "/origin")
                .then().statusCode(403);
        String noBackup = TestApi.createEvent("nobackup");
        TestApi.as(ops).body(Map.of("origin", "backup", "reason", "x")).post("/api/events/" + noBackup + "/origin")
                .then().statusCode(409);
    }
}
