package org.velvetrope;

import static io.restassured.RestAssured.given;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/** Requests as the tests' users make them, and event definitions each test owns. */
public final class TestApi {

    public static final String ADMIN_PASSWORD = "test-admin-password";
    public static final String PASSWORD = "a-long-test-password";
    private static final AtomicInteger SLUGS = new AtomicInteger();

    private TestApi() {
    }

    public static RequestSpecification as(String user) {
        String password = "admin".equals(user) ? ADMIN_PASSWORD : PASSWORD;
        return given().auth().preemptive().basic(user, password).contentType(ContentType.JSON);
    }

    public static RequestSpecification admin() {
        return as("admin");
    }

    /** Makes sure a user with exactly these roles exists (user names are per role set). */
    public static String user(String name, String... roles) {
        int status = admin().body(Map.of("username", name, "password", PASSWORD, "roles", List.of(roles)))
                .post("/api/users").statusCode();
        if (status != 201 && status != 409) {
            throw new IllegalStateException("cannot create user " + name + ": " + status);
        }
        return name;
    }

    public static String ops() {
        return user("ops-user", "ops");
    }

    public static String pr() {
        return user("pr-user", "pr");
    }

    public static String uniqueSlug(String prefix) {
        return prefix + "-" + SLUGS.incrementAndGet() + "-" + Long.toString(System.nanoTime() % 100000, 36);
    }

    /** The demo event's shape under a fresh slug, as a mutable map so tests can break it. */
    public static Map<String, Object> event(String slug) {
        Map<String, Object> e = new HashMap<>();
        e.put("slug", slug);
        e.put("title", "Test " + slug);
        e.put("state", "LIVE");
        e.put("budgetMbps", 16000);
        List<Map<String, Object>> ladder = new ArrayList<>();
        ladder.add(rendition("a64", 64000, true, null));
        ladder.add(rendition("v400", 400000, false, "640x360"));
        ladder.add(rendition("v1200", 1200000, false, "960x540"));
        ladder.add(rendition("v3000", 3000000, false, "1280x720"));
        ladder.add(rendition("v6000", 6000000, false, "1920x1080"));
        e.put("renditions", ladder);
        List<Map<String, Object>> regions = new ArrayList<>();
        regions.add(region("NA", List.of("US", "CA", "MX"), List.of(), 8000, false));
        regions.add(region("EU", List.of(), List.of("EU"), 4000, false));
        regions.add(region("AU", List.of("AU", "NZ"), List.of(), 800, false));
        regions.add(region("JP", List.of("JP"), List.of(), 1500, false));
        regions.add(region("ROW", List.of(), List.of(), 1700, true));
        e.put("regions", regions);
        e.put("internalNetworks", new ArrayList<>(List.of("10.0.0.0/8", "fd00::/8")));
        e.put("multicast", new HashMap<>(Map.of("group", "239.255.10.10", "port", 5004)));
        return e;
    }

    static Map<String, Object> rendition(String id, long bandwidth, boolean audioOnly, String resolution) {
        Map<String, Object> r = new HashMap<>();
        r.put("id", id);
        r.put("bandwidth", bandwidth);
        r.put("codecs", audioOnly ? "mp4a.40.2" : "avc1.4d401f,mp4a.40.2");
        r.put("audioOnly", audioOnly);
        if (resolution != null) {
            r.put("resolution", resolution);
        }
        r.put("uri", "https://media.example.com/test/" + id + "/index.m3u8");
        return r;
    }

    static Map<String, Object> region(String code, List<String> countries, List<String> continents, long capacity,
            boolean isDefault) {
        Map<String, Object> r = new HashMap<>();
        r.put("code", code);
        r.put("countries", new ArrayList<>(countries));
        r.put("continents", new ArrayList<>(continents));
        r.put("capacityMbps", capacity);
        if (isDefault) {
            r.put("default", true);
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    public static List<Map<String, Object>> list(Map<String, Object> event, String key) {
        return (List<Map<String, Object>>) event.get(key);
    }

    public static String createEvent(String prefix) {
        String slug = uniqueSlug(prefix);
        admin().body(event(slug)).post("/api/events").then().statusCode(201);
        return slug;
    }

    public static Response cap(String slug, String region, Map<String, Object> body) {
        return as(ops()).body(body).put("/api/events/" + slug + "/regions/" + region + "/cap");
    }

    public static long version(String slug, String region) {
        return admin().get("/api/events/" + slug + "/regions/" + region).then().statusCode(200).extract()
                .jsonPath().getLong("version");
    }
}
