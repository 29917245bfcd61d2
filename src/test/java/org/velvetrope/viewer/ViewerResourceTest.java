package org.velvetrope.viewer;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.lindstrom.m3u8.model.MasterPlaylist;
import io.lindstrom.m3u8.model.Variant;
import io.lindstrom.m3u8.parser.MasterPlaylistParser;
import io.lindstrom.m3u8.parser.ParsingMode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

/** The viewer path end to end, with the real GeoLite2 data and X-Forwarded-For from a trusted proxy. */
@QuarkusTest
class ViewerResourceTest {

    static final List<String> LADDER = List.of("a64", "v400", "v1200", "v3000", "v6000");

    static Response page(String slug, String ip) {
        return given().header("X-Forwarded-For", ip).get("/events/" + slug);
    }

    static MasterPlaylist playlist(Response response) throws Exception {
        return new MasterPlaylistParser(ParsingMode.STRICT).readPlaylist(response.asString());
    }

    static List<String> rungs(MasterPlaylist playlist) {
        return playlist.variants().stream().map(Variant::uri)
                .map(uri -> uri.replaceAll(".*/([^/]+)/index\\.m3u8$", "$1")).toList();
    }

    @Test
    void realAddressesLandInTheirRegions() {
        String slug = TestApi.createEvent("geo");
        Map<String, String> expected = Map.of("81.2.69.142", "EU", "8.8.8.8", "NA", "1.1.1.1", "AU", "126.0.0.1",
                "JP", "200.1.1.1", "ROW", "10.1.2.3", "INTERNAL", "fd00::1234", "INTERNAL");
        expected.forEach((ip, region) -> page(slug, ip).then().statusCode(200).header("X-Velvet-Region", region));
    }

    @Test
    void landingPageCarriesHeadersCookieAndPlayer() {
        String slug = TestApi.createEvent("page");
        Response r = page(slug, "81.2.69.142");
        r.then().statusCode(200).contentType(startsWith("text/html")).header("X-Velvet-Top", "v6000")
                .header("Cache-Control", "private, no-store")
                .header("Set-Cookie", startsWith("vr_" + slug + "="))
                .header("Set-Cookie", containsString("Path=/events/" + slug))
                .header("Set-Cookie", containsString("HttpOnly"))
                .header("Set-Cookie", containsString("SameSite=Lax"))
                .body(containsString("<video"))
                .body(containsString("/webjars/hls.js/dist/hls.min.js"))
                .body(containsString("/events/" + slug + "/live.m3u8?t=" + r.cookie("vr_" + slug)))
                .body(containsString("GeoLite2 data created by MaxMind"));
    }

    @Test
    void regionTemplateOverridesTheEventsAndNoticeIsShown() {
        String slug = TestApi.uniqueSlug("lite");
        Map<String, Object> event = TestApi.event(slug);
        Map<String, Object> au = TestApi.list(event, "regions").get(2);
        au.put("template", "lite");
        au.put("notice", "Pictures are capped in Australia tonight");
        TestApi.admin().body(event).post("/api/events").then().statusCode(201);
        page(slug, "1.1.1.1").then().header("X-Velvet-Region", "AU").body(containsString("kept light"))
                .body(containsString("hls.light.min.js")).body(containsString("capped in Australia"));
        page(slug, "8.8.8.8").then().header("X-Velvet-Region", "NA").body(not(containsString("kept light")))
                .body(not(containsString("capped in Australia")));
    }

    @Test
    void hlsJsAndThePlayerAreServedLocally() {
        given().get("/webjars/hls.js/dist/hls.min.js").then().statusCode(200).body(containsString("Hls"));
        given().get("/webjars/hls.js/dist/hls.light.min.js").then().statusCode(200);
        given().get("/js/player.js").then().statusCode(200).body(containsString("loadSource"));
    }

    @Test
    void internalViewersGetTheMulticastPageAndSdp() {
        String slug = TestApi.createEvent("mc");
        for (String ip : new String[] { "10.1.2.3", "fd00::1234" }) {
            page(slug, ip).then().statusCode(200).header("X-Velvet-Region", "INTERNAL")
                    .body(containsString("/events/" + slug + "/multicast.sdp"))
                    .body(containsString("/events/" + slug + "/live.m3u8"))
                    .body(not(containsString("<video")));
        }
        String sdp = given().get("/events/" + slug + "/multicast.sdp").then().statusCode(200)
                .contentType("application/sdp").extract().asString();
        List<String> lines = List.of(sdp.split("\r\n"));
        assertEquals("v=0", lines.get(0));
        assertTrue(lines.get(1).startsWith("o=- "), lines.get(1));
        assertTrue(lines.get(2).startsWith("s="), lines.get(2));
        assertTrue(lines.contains("c=IN IP4 239.255.10.10/16"), sdp);
        assertTrue(lines.contains("t=0 0"), sdp);
        assertTrue(lines.contains("m=video 5004 RTP/AVP 33"), sdp);
        assertTrue(lines.contains("a=rtpmap:33 MP2T/90000"), sdp);
        assertTrue(sdp.endsWith("\r\n"));
        // RFC 8866 order: v, o, s, [i], c, t, a*, m
        List<Character> kinds = lines.stream().map(l -> l.charAt(0)).toList();
        assertEquals(List.of('v', 'o', 's', 'i', 'c', 't', 'a', 'm', 'a'), kinds);
    }

    @Test
    void playlistIsStrictHlsWithExactlyTheRungsUpToTheTop() throws Exception {
        String slug = TestApi.createEvent("hls");
        Response full = given().header("X-Forwarded-For", "8.8.8.8").get("/events/" + slug + "/live.m3u8");
        full.then().statusCode(200).contentType("application/vnd.apple.mpegurl").header("X-Velvet-Region", "NA")
                .header("X-Velvet-Top", "v6000").header("Cache-Control", "private, no-store");
        assertEquals(LADDER, rungs(playlist(full)));

        for (int top = LADDER.size() - 1; top >= 0; top--) {
            TestApi.cap(slug, "NA", Map.of("top", LADDER.get(top), "reason", "test ladder"))
                    .then().statusCode(200);
            Response capped = given().header("X-Forwarded-For", "8.8.8.8").get("/events/" + slug + "/live.m3u8");
            capped.then().header("X-Velvet-Top", LADDER.get(top));
            assertEquals(LADDER.subList(0, top + 1), rungs(playlist(capped)));
        }
    }

    @Test
    void capChangeShowsInTheVeryNextAdmission() {
        String slug = TestApi.createEvent("next");
        page(slug, "81.2.69.142").then().header("X-Velvet-Top", "v6000");
        TestApi.cap(slug, "EU", Map.of("top", "v1200", "reason", "EU links filling")).then().statusCode(200);
        page(slug, "81.2.69.142").then().header("X-Velvet-Top", "v1200");
        page(slug, "8.8.8.8").then().header("X-Velvet-Top", "v6000");
    }

    @Test
    void unknownEventGivesA404Page() {
        given().get("/events/no-such-show").then().statusCode(404).contentType(startsWith("text/html"))
                .body(containsString("No such event"));
        given().get("/events/no-such-show/live.m3u8").then().statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void badTokensAreIgnoredAndCountedNeverAnError() {
        String slug = TestApi.createEvent("tok");
        String otherSlug = TestApi.createEvent("tok-other");
        String otherEvents = page(otherSlug, "81.2.69.142").cookie("vr_" + otherSlug);
        String good = page(slug, "81.2.69.142").cookie("vr_" + slug);
        String forged = good.replace(".v6000.", ".v3000.");
        String[] bad = { "garbage", "", forged, otherEvents, good.substring(0, good.length() - 3),
                "1.ffffffff.x.x.x.x.x.x", "%00%ff", "1." + "a".repeat(700) };
        double before = ignoredTokens();
        for (String token : bad) {
            given().header("X-Forwarded-For", "81.2.69.142").cookie("vr_" + slug, token).get("/events/" + slug)
                    .then().statusCode(200).header("X-Velvet-Region", "EU");
            given().header("X-Forwarded-For", "81.2.69.142").queryParam("t", token)
                    .get("/events/" + slug + "/live.m3u8").then().statusCode(200);
        }
        assertTrue(ignoredTokens() >= before + bad.length, "ignored tokens are counted");
    }

    static double ignoredTokens() {
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        return metrics.lines().filter(l -> l.startsWith("velvet_tokens_ignored_total"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }

    @Test
    void admissionsAreCountedByEventRegionAndTop() {
        String slug = TestApi.createEvent("metrics");
        page(slug, "126.0.0.1");
        given().header("X-Forwarded-For", "126.0.0.1").get("/events/" + slug + "/live.m3u8");
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("velvet_admissions_total{event=\"" + slug + "\",region=\"JP\",top=\"v6000\"} 2.0"));
    }

    @Test
    void readinessReportsGeoIpAndDatabase() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .body(containsString("geoip")).body(containsString("GeoLite2-Country"));
        given().get("/q/openapi").then().statusCode(200).body(containsString("/api/events/{slug}/regions"));
    }
}
