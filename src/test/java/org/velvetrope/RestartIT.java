package org.velvetrope;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * Runs the packaged application the way operators do ({@code java -jar quarkus-run.jar}) and restarts it on the
 * same working directory: nothing accepted may be lost.
 */
class RestartIT {

    static final String ADMIN_PASSWORD = "restart-admin-password";
    static final String OPS_PASSWORD = "restart-ops-password";

    final String tokenKey = randomKey();

    static String randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return Base64.getEncoder().encodeToString(key);
    }

    static final class App implements AutoCloseable {
        final Process process;
        final int port;
        final Path log;

        App(Process process, int port, Path log) {
            this.process = process;
            this.port = port;
            this.log = log;
        }

        RequestSpecification as(String user, String password) {
            return given().baseUri("http://127.0.0.1").port(port).auth().preemptive().basic(user, password)
                    .contentType(ContentType.JSON);
        }

        RequestSpecification anonymous() {
            return given().baseUri("http://127.0.0.1").port(port);
        }

        @Override
        public void close() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        }
    }

    App start(Path dir, String... extra) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", System.getProperty("velvet.app.jar", "target/quarkus-app/quarkus-run.jar"),
                "-Dquarkus.http.port=" + port, "-Dquarkus.http.host=127.0.0.1", "-Dvelvet.admin.bcrypt-cost=4"));
        command.addAll(List.of(extra));
        Path log = dir.resolve("app-" + port + ".log");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        App app = new App(process, port, log);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                return app;
            }
            try {
                if (app.anonymous().get("/q/health/ready").statusCode() == 200) {
                    return app;
                }
            } catch (Exception notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        app.close();
        throw new IllegalStateException("the application did not become ready:\n" + Files.readString(log));
    }

    App startConfigured(Path dir) throws Exception {
        App app = start(dir, "-Dvelvet.demo=true", "-Dvelvet.token.key=" + tokenKey,
                "-Dvelvet.admin.password=" + ADMIN_PASSWORD, "-Dquarkus.http.proxy.proxy-address-forwarding=true",
                "-Dquarkus.http.proxy.allow-x-forwarded=true", "-Dquarkus.http.proxy.trusted-proxies=127.0.0.1");
        assertTrue(app.process.isAlive(), () -> "the application exited:\n" + read(app.log));
        return app;
    }

    static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Test
    void restartKeepsEventsCapsPinsUsersAuditAndAssignments(@TempDir Path dir) throws Exception {
        String cookie;
        String apiToken;
        try (App app = startConfigured(dir)) {
            app.as("admin", ADMIN_PASSWORD)
                    .body(Map.of("username", "night-ops", "password", OPS_PASSWORD, "roles", List.of("ops")))
                    .post("/api/users").then().statusCode(201);
            Map<String, Object> event = TestApi.event("restart-show");
            app.as("admin", ADMIN_PASSWORD).body(event).post("/api/events").then().statusCode(201);
            app.as("night-ops", OPS_PASSWORD)
                    .body(Map.of("top", "v1200", "pin", true, "hard", true, "reason", "EU budget", "version", 1))
                    .put("/api/events/restart-show/regions/EU/cap").then().statusCode(200)
                    .body("version", equalTo(2));
            cookie = app.anonymous().header("X-Forwarded-For", "81.2.69.142").get("/events/restart-show")
                    .then().statusCode(200).header("X-Velvet-Top", "v1200").extract().cookie("vr_restart-show");
            apiToken = app.as("admin", ADMIN_PASSWORD)
                    .body(Map.of("name", "cdn", "events", List.of("restart-show"))).post("/api/tokens").then()
                    .statusCode(201).extract().path("token");
            Map<String, Object> keynote = TestApi.event("keynote");
            keynote.put("title", "Edited keynote");
            app.as("admin", ADMIN_PASSWORD).body(keynote).put("/api/events/keynote").then().statusCode(200);
        }

        try (App app = startConfigured(dir)) {
            app.as("night-ops", OPS_PASSWORD).get("/api/events/restart-show/regions/EU").then().statusCode(200)
                    .body("top", equalTo("v1200")).body("pinned", equalTo(true)).body("hard", equalTo(true))
                    .body("version", equalTo(2)).body("updatedBy", equalTo("night-ops"));
            app.as("night-ops", OPS_PASSWORD).get("/api/events/restart-show/audit").then().statusCode(200)
                    .body("action", hasItems("EVENT_CREATED", "CLAMP")).body("reason", hasItems("EU budget"));
            app.as("admin", ADMIN_PASSWORD).get("/api/events/keynote").then()
                    .body("title", equalTo("Edited keynote"));
            String again = app.anonymous().header("X-Forwarded-For", "81.2.69.142").cookie("vr_restart-show", cookie)
                    .get("/events/restart-show").then().statusCode(200).header("X-Velvet-Top", "v1200").extract()
                    .cookie("vr_restart-show");
            assertEquals(cookie.split("\\.")[2], again.split("\\.")[2], "the viewer is recognised after a restart");
            app.anonymous().header("X-Forwarded-For", "8.8.8.8").get("/events/restart-show/live.m3u8").then()
                    .statusCode(200).header("X-Velvet-Top", "v6000");
            app.anonymous().header("Authorization", "Bearer " + apiToken).contentType(ContentType.JSON)
                    .body(Map.of("samples", List.of(Map.of("source", "cdn", "region", "NA", "at",
                            Instant.now().toString(), "mbps", 100))))
                    .post("/api/events/restart-show/telemetry").then().statusCode(202);
        }
    }

    @Test
    void productionRefusesToStartWithoutATokenKey(@TempDir Path dir) throws Exception {
        App app = start(dir, "-Dvelvet.admin.password=" + ADMIN_PASSWORD);
        assertTrue(app.process.waitFor(60, TimeUnit.SECONDS), "the application should stop by itself");
        assertNotEquals(0, app.process.exitValue());
        assertTrue(read(app.log).contains("velvet.token.key is not set"), read(app.log));
    }

    @Test
    void productionRefusesToStartWithoutAnAdminPasswordOnAnEmptyDatabase(@TempDir Path dir) throws Exception {
        App app = start(dir, "-Dvelvet.token.key=" + tokenKey);
        assertTrue(app.process.waitFor(60, TimeUnit.SECONDS), "the application should stop by itself");
        assertNotEquals(0, app.process.exitValue());
        assertTrue(read(app.log).contains("velvet.admin.password is not set"), read(app.log));
    }
}
