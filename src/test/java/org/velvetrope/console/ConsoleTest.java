package org.velvetrope.console;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

@QuarkusTest
class ConsoleTest {

    static final Pattern CSRF = Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"");

    /** A signed-in browser: its cookies, as RestAssured keeps none between requests. */
    static final class Browser {
        final Map<String, String> cookies = new HashMap<>();

        RequestSpecification request() {
            return given().redirects().follow(false).cookies(cookies);
        }

        Response get(String path) {
            Response r = request().get(path);
            cookies.putAll(r.getCookies());
            return r;
        }

        Response post(String path, Map<String, ?> form) {
            Response r = request().contentType("application/x-www-form-urlencoded").formParams(form).post(path);
            cookies.putAll(r.getCookies());
            return r;
        }

        String csrfFrom(Response page) {
            Matcher m = CSRF.matcher(page.asString());
            if (!m.find()) {
                throw new AssertionError("no CSRF field on the page");
            }
            return m.group(1);
        }
    }

    static Browser signIn(String user, String password) {
        Browser b = new Browser();
        b.post("/j_security_check", Map.of("j_username", user, "j_password", password)).then().statusCode(302)
                .header("Location", endsWith("/ops"));
        return b;
    }

    @Test
    void consoleNeedsSignInAndWrongPasswordsSayNotWhichPartWasWrong() {
        given().redirects().follow(false).get("/ops/events/keynote").then().statusCode(302)
                .header("Location", endsWith("/ops/login"));
        TestApi.ops();
        for (String[] attempt : new String[][] { { "ops-user", "wrong-password-123" }, { "no-such-user", "x" } }) {
            given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                    .formParams(Map.of("j_username", attempt[0], "j_password", attempt[1])).post("/j_security_check")
                    .then().statusCode(303).header("Location", endsWith("/ops/login?error=1"));
        }
        given().get("/ops/login?error=1").then().statusCode(401)
                .body(containsString("the user name or password is not right"));
    }

    @Test
    void signedInSessionCookieIsHttpOnlyAndStrict() {
        TestApi.ops();
        Response r = given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("j_username", "ops-user", "j_password", TestApi.PASSWORD)).post("/j_security_check");
        String setCookie = r.getHeader("Set-Cookie");
        org.junit.jupiter.api.Assertions.assertTrue(setCookie.startsWith("vr_session="), setCookie);
        org.junit.jupiter.api.Assertions.assertTrue(setCookie.toLowerCase().contains("httponly"), setCookie);
        org.junit.jupiter.api.Assertions.assertTrue(setCookie.toLowerCase().contains("samesite=strict"), setCookie);
    }

    @Test
    void opsClampsFromTheRegionPageAndItIsAudited() {
        String slug = TestApi.createEvent("console");
        Browser ops = signIn(TestApi.ops(), TestApi.PASSWORD);
        ops.get("/ops/events/" + slug).then().statusCode(200).body(containsString("id=\"region-EU\""));
        Response page = ops.get("/ops/events/" + slug + "/regions/EU");
        page.then().statusCode(200).body(containsString("id=\"clamp\""));
        String version = TestApi.version(slug, "EU") + "";
        ops.post("/ops/events/" + slug + "/regions/EU", Map.of("action", "clamp", "reason", "EU transit full",
                "version", version, "csrf", ops.csrfFrom(page))).then().statusCode(303)
                .header("Location", endsWith("/ops/events/" + slug + "?changed=EU"));
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("top", equalTo("v3000"))
                .body("updatedBy", equalTo("ops-user"));
        ops.get("/ops/events/" + slug + "/audit?kind=manual&region=EU").then().statusCode(200)
                .body(containsString("EU transit full"));
        ops.get("/ops/events/" + slug + "/audit?kind=auto").then().body(not(containsString("EU transit full")));
        ops.get("/ops/events/" + slug + "/regions").then().statusCode(200)
                .body(containsString("data-top=\"v3000\""));
    }

    @Test
    void formWithoutTheCsrfTokenIsRefusedAndChangesNothing() {
        String slug = TestApi.createEvent("csrf");
        Browser ops = signIn(TestApi.ops(), TestApi.PASSWORD);
        Response page = ops.get("/ops/events/" + slug + "/regions/EU");
        ops.post("/ops/events/" + slug + "/regions/EU", Map.of("action", "clamp", "reason", "no token")).then()
                .statusCode(403);
        ops.post("/ops/events/" + slug + "/regions/EU", Map.of("action", "clamp", "reason", "forged",
                "csrf", "A".repeat(43))).then().statusCode(403);
        Browser other = new Browser();
        other.cookies.put("vr_session", ops.cookies.get("vr_session"));
        other.post("/ops/events/" + slug + "/regions/EU", Map.of("action", "clamp", "reason", "cross-site",
                "csrf", ops.csrfFrom(page))).then().statusCode(403);
        TestApi.admin().get("/api/events/" + slug + "/regions/EU").then().body("top", equalTo("v6000"));
    }

    @Test
    void staleVersionShowsWhoChangedItAndTheFreshState() {
        String slug = TestApi.createEvent("conflict");
        Browser ops = signIn(TestApi.ops(), TestApi.PASSWORD);
        Response page = ops.get("/ops/events/" + slug + "/regions/JP");
        TestApi.admin().body(Map.of("top", "v1200", "reason", "admin first"))
                .put("/api/events/" + slug + "/regions/JP/cap").then().statusCode(200);
        ops.post("/ops/events/" + slug + "/regions/JP", Map.of("action", "clamp", "reason", "too late",
                "version", "1", "csrf", ops.csrfFrom(page))).then().statusCode(409)
                .body(containsString("changed by admin")).body(containsString("v1200"));
    }

    @Test
    void prWatchesButCannotAct() {
        String slug = TestApi.createEvent("pr-console");
        Browser pr = signIn(TestApi.pr(), TestApi.PASSWORD);
        Response page = pr.get("/ops/events/" + slug + "/regions/EU");
        page.then().statusCode(200).body(not(containsString("id=\"clamp\""))).body(containsString("can watch"));
        pr.post("/ops/events/" + slug + "/regions/EU", Map.of("action", "clamp", "reason", "try",
                "csrf", pr.csrfFrom(page))).then().statusCode(403);
        pr.get("/ops/events/" + slug + "/numbers").then().statusCode(200);
        pr.get("/ops/admin/users").then().statusCode(403);
    }

    @Test
    void disabledUserCannotSignInAndLosesAnOpenSession() {
        TestApi.user("leaver", "ops");
        TestApi.admin().body(Map.of("enabled", true)).put("/api/users/leaver").then().statusCode(200);
        Browser open = signIn("leaver", TestApi.PASSWORD);
        open.get("/ops").then().statusCode(200);
        TestApi.admin().body(Map.of("enabled", false)).put("/api/users/leaver").then().statusCode(200)
                .body("enabled", equalTo(false));
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParams(Map.of("j_username", "leaver", "j_password", TestApi.PASSWORD)).post("/j_security_check")
                .then().statusCode(303).header("Location", endsWith("/ops/login?error=1"));
        open.get("/ops").then().statusCode(org.hamcrest.Matchers.oneOf(302, 303))
                .header("Location", endsWith("/ops/login"));
        TestApi.as("leaver").get("/api/events").then().statusCode(401);
        TestApi.admin().body(Map.of("enabled", true)).put("/api/users/leaver").then().statusCode(200);
    }

    @Test
    void numbersViewAddsUpViewersAndGbps() {
        String slug = TestApi.createEvent("numbers");
        TestApi.admin().body(Map.of("samples", List.of(
                Map.of("source", "a", "region", "EU", "at", Instant.now().toString(), "mbps", 1500, "viewers", 1200),
                Map.of("source", "b", "region", "NA", "at", Instant.now().toString(), "mbps", 1000, "viewers", 800))))
                .post("/api/events/" + slug + "/telemetry").then().statusCode(202);
        Browser pr = signIn(TestApi.pr(), TestApi.PASSWORD);
        pr.get("/ops/events/" + slug + "/numbers/figures").then().statusCode(200)
                .body(containsString("<span id=\"viewers\">2000</span>"))
                .body(containsString("<span id=\"gbps\">2.50</span>"));
    }

    @Test
    void adminAddsUsersAndTokensFromTheConsole() {
        String slug = TestApi.createEvent("admin-console");
        Browser admin = signIn("admin", TestApi.ADMIN_PASSWORD);
        Response users = admin.get("/ops/admin/users");
        admin.post("/ops/admin/users", Map.of("username", "stage-manager", "password", "short", "roles", "pr",
                "csrf", admin.csrfFrom(users))).then().statusCode(400).body(containsString("12-200 characters"));
        admin.post("/ops/admin/users", Map.of("username", "stage-manager", "password", TestApi.PASSWORD, "roles",
                "reporter", "csrf", admin.csrfFrom(users))).then().statusCode(200)
                .body(containsString("Added stage-manager"));
        Response tokens = admin.get("/ops/admin/tokens");
        admin.post("/ops/admin/tokens", Map.of("name", "cdn-console", "events", slug, "csrf",
                admin.csrfFrom(tokens))).then().statusCode(200).body(containsString("id=\"new-token\">vrt_"));
        admin.get("/ops/admin/tokens").then().body(containsString("cdn-console")).body(not(containsString("vrt_")));
        TestApi.admin().get("/api/users/audit").then().statusCode(200).body("to", org.hamcrest.Matchers.hasItem(
                containsString("stage-manager")));
    }

    @Test
    void previewFormShowsWhatAnAddressGets() {
        String slug = TestApi.createEvent("console-preview");
        Browser pr = signIn(TestApi.pr(), TestApi.PASSWORD);
        pr.get("/ops/events/" + slug + "/preview?ip=126.0.0.1").then().statusCode(200)
                .body(containsString("<dd id=\"preview-region\">JP</dd>"));
        pr.get("/ops/events/" + slug + "/preview?ip=nonsense").then().statusCode(400)
                .body(containsString("not an IPv4 or IPv6 address"));
    }

    @Test
    void signOutEndsTheSession() {
        Browser ops = signIn(TestApi.ops(), TestApi.PASSWORD);
        Response page = ops.get("/ops");
        ops.post("/ops/logout", Map.of("csrf", ops.csrfFrom(page))).then().statusCode(303)
                .header("Location", endsWith("/ops/login?out=1"));
        ops.get("/ops").then().statusCode(302).header("Location", endsWith("/ops/login"));
    }
}
