package org.velvetrope.rope;

import static io.restassured.RestAssured.given;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

/** Viewers keep what they were given: the cookie-sticky half of the velvet rope. */
@QuarkusTest
class StickinessTest {

    static final String LONDON = "81.2.69.142";

    static Response visit(String slug, String cookie) {
        var request = given().header("X-Forwarded-For", LONDON);
        if (cookie != null) {
            request.cookie("vr_" + slug, cookie);
        }
        return request.get("/events/" + slug);
    }

    static String cookieOf(Response r, String slug) {
        return r.getCookie("vr_" + slug);
    }

    @Test
    void softClampKeepsAReturningViewerAndGivesNewViewersTheNewTop() {
        String slug = TestApi.createEvent("soft");
        String returning = cookieOf(visit(slug, null).then().header("X-Velvet-Top", "v6000").extract().response(),
                slug);
        TestApi.cap(slug, "EU", Map.of("top", "v1200", "hard", false, "reason", "soft")).then().statusCode(200);

        Response back = visit(slug, returning);
        back.then().header("X-Velvet-Top", "v6000");
        visit(slug, null).then().header("X-Velvet-Top", "v1200");
        // The re-issued token still carries v6000, and so does the playlist it points to.
        given().header("X-Forwarded-For", LONDON).queryParam("t", cookieOf(back, slug))
                .get("/events/" + slug + "/live.m3u8").then().header("X-Velvet-Top", "v6000");
    }

    @Test
    void hardClampMovesReturningAndNewViewersAlike() {
        String slug = TestApi.createEvent("hard");
        String returning = cookieOf(visit(slug, null), slug);
        TestApi.cap(slug, "EU", Map.of("top", "v1200", "hard", true, "reason", "hard")).then().statusCode(200);
        visit(slug, returning).then().header("X-Velvet-Top", "v1200");
        visit(slug, null).then().header("X-Velvet-Top", "v1200");
    }

    @Test
    void restoreUpgradesAReturningViewer() {
        String slug = TestApi.createEvent("restore");
        TestApi.cap(slug, "EU", Map.of("top", "v400", "hard", true, "reason", "clamp")).then().statusCode(200);
        String low = cookieOf(visit(slug, null).then().header("X-Velvet-Top", "v400").extract().response(), slug);
        TestApi.cap(slug, "EU", Map.of("top", "v3000", "reason", "wave passed")).then().statusCode(200);
        visit(slug, low).then().header("X-Velvet-Top", "v3000");
    }

    @Test
    void urlTokenWinsOverTheCookie() {
        String slug = TestApi.createEvent("urltok");
        String high = cookieOf(visit(slug, null), slug);
        TestApi.cap(slug, "EU", Map.of("top", "v400", "reason", "soft clamp")).then().statusCode(200);
        String low = cookieOf(visit(slug, null), slug);
        given().header("X-Forwarded-For", LONDON).cookie("vr_" + slug, low).queryParam("t", high)
                .get("/events/" + slug + "/live.m3u8").then().header("X-Velvet-Top", "v6000");
    }

    @Test
    void viewerKeepsItsIdAcrossVisits() {
        String slug = TestApi.createEvent("vid");
        String first = cookieOf(visit(slug, null), slug);
        String second = cookieOf(visit(slug, first), slug);
        org.junit.jupiter.api.Assertions.assertEquals(first.split("\\.")[2], second.split("\\.")[2]);
        String stranger = cookieOf(visit(slug, null), slug);
        org.junit.jupiter.api.Assertions.assertNotEquals(first.split("\\.")[2], stranger.split("\\.")[2]);
    }
}
