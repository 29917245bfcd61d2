package org.velvetrope.e2e;

import static io.restassured.RestAssured.given;

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
import java.util.concurrent.atomic.AtomicInteger;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * The packaged application ({@code java -jar quarkus-run.jar}) running in its own directory on a free port, behind
 * a trusted proxy at 127.0.0.1 so a browser can say where its viewer is with {@code X-Forwarded-For}.
 */
final class VelvetApp implements AutoCloseable {

    static final String ADMIN_PASSWORD = "e2e-admin-password";
    static final String PASSWORD = "e2e-user-password";
    private static final AtomicInteger SLUGS = new AtomicInteger();

    final Process process;
    final int port;
    final Path log;

    private VelvetApp(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    static VelvetApp start(Path dir) throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                System.getProperty("velvet.app.jar", "target/quarkus-app/quarkus-run.jar"),
                "-Dquarkus.http.port=" + port, "-Dquarkus.http.host=127.0.0.1",
                "-Dvelvet.token.key=" + Base64.getEncoder().encodeToString(key),
                "-Dvelvet.admin.password=" + ADMIN_PASSWORD, "-Dvelvet.admin.bcrypt-cost=4",
                "-Dquarkus.http.proxy.proxy-address-forwarding=true", "-Dquarkus.http.proxy.allow-x-forwarded=true",
                "-Dquarkus.http.proxy.trusted-proxies=127.0.0.1"));
        Path log = dir.resolve("app-" + port + ".log");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        VelvetApp app = new VelvetApp(process, port, log);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(90));
        while (Instant.now().isBefore(deadline) && process.isAlive()) {
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
        throw new IllegalStateException("the application did not become ready:\n" + app.logText());
    }

    String url(String path) {
        return "http://127.0.0.1:" + port + path;
    }

    RequestSpecification anonymous() {
        return given().baseUri("http://127.0.0.1").port(port);
    }

    RequestSpecification as(String user, String password) {
        return anonymous().auth().preemptive().basic(user, password).contentType(ContentType.JSON);
    }

    RequestSpecification admin() {
        return as("admin", ADMIN_PASSWORD);
    }

    /** A new user with these roles and {@link #PASSWORD}; names are made unique per call. */
    String user(String prefix, String... roles) {
        String name = prefix + "-" + SLUGS.incrementAndGet();
        admin().body(Map.of("username", name, "password", PASSWORD, "roles", List.of(roles))).post("/api/users")
                .then().statusCode(201);
        return name;
    }

    String uniqueSlug(String prefix) {
        return prefix + "-" + SLUGS.incrementAndGet() + "-" + Long.toString(System.nanoTime() % 100000, 36);
    }

    String createEvent(Map<String, Object> event) {
        admin().body(event).post("/api/events").then().statusCode(201);
        return (String) event.get("slug");
    }

    String logText() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
