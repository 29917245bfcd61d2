package org.velvetrope.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.velvetrope.TestApi;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.TimeoutError;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A viewer in Chromium plays the event through hls.js from a local two-rung test ladder, and gets only the rungs
 * its region's cap allows.
 */
class PlayerE2E {

    static final String CODECS = "avc1.4d401e,mp4a.40.2";
    /** A viewer address in Great Britain, so in region EU. */
    static final String EU_VIEWER = "81.2.69.142";

    record Rung(String id, int width, int height, int videoKbps, long bandwidth) {
    }

    static final List<Rung> LADDER = List.of(new Rung("v180", 320, 180, 150, 300_000),
            new Rung("v360", 640, 360, 500, 800_000));

    @TempDir
    static Path dir;

    static VelvetApp app;
    static Chromium chromium;
    static HttpServer origin;
    static ExecutorService originThreads;
    static final Queue<String> originRequests = new ConcurrentLinkedQueue<>();

    @BeforeAll
    static void start() throws Exception {
        Path media = Files.createDirectories(dir.resolve("media"));
        for (Rung rung : LADDER) {
            encode(media, rung);
        }
        origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        originThreads = Executors.newFixedThreadPool(4);
        origin.setExecutor(originThreads);
        origin.createContext("/", exchange -> serve(media, exchange));
        origin.start();
        Path appDir = Files.createDirectories(dir.resolve("app"));
        app = VelvetApp.start(appDir);
        chromium = new Chromium();
    }

    @AfterAll
    static void stop() throws Exception {
        if (chromium != null) {
            chromium.close();
        }
        if (app != null) {
            app.close();
        }
        if (origin != null) {
            origin.stop(0);
            originThreads.shutdownNow();
        }
    }

    static void encode(Path media, Rung rung) throws Exception {
        Path out = Files.createDirectories(media.resolve(rung.id()));
        List<String> command = List.of("/usr/bin/ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
                "-f", "lavfi", "-i", "testsrc2=size=" + rung.width() + "x" + rung.height() + ":rate=25",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "8",
                "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-level", "3.0",
                "-pix_fmt", "yuv420p", "-g", "25", "-keyint_min", "25", "-sc_threshold", "0",
                "-b:v", rung.videoKbps() + "k", "-maxrate", rung.videoKbps() + "k",
                "-bufsize", 2 * rung.videoKbps() + "k", "-c:a", "aac", "-b:a", "64k", "-ac", "2",
                "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
                "-hls_segment_filename", out.resolve("seg%03d.ts").toString(), out.resolve("index.m3u8").toString());
        Process ffmpeg = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(media.resolve(rung.id() + ".log").toFile()).start();
        assertTrue(ffmpeg.waitFor(120, TimeUnit.SECONDS), "ffmpeg finished");
        assertEquals(0, ffmpeg.exitValue(), () -> "ffmpeg failed: " + read(media.resolve(rung.id() + ".log")));
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** A CDN stand-in: the ladder's files, with CORS and HLS content types. */
    static void serve(Path media, HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
            if ("OPTIONS".equals(exchange.getRequestMethod())) {
                exchange.getResponseHeaders().set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
                exchange.getResponseHeaders().set("Access-Control-Allow-Headers", "*");
                exchange.sendResponseHeaders(204, -1);
                return;
            }
            String path = exchange.getRequestURI().getPath();
            originRequests.add(path);
            Path file = media.resolve(path.substring(1)).normalize();
            if (!file.startsWith(media) || !Files.isRegularFile(file)) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            String type = path.endsWith(".m3u8") ? "application/vnd.apple.mpegurl"
                    : path.endsWith(".ts") ? "video/mp2t" : "application/octet-stream";
            exchange.getResponseHeaders().set("Content-Type", type);
            byte[] body = Files.readAllBytes(file);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    Map<String, Object> eventOnTheLocalLadder(String slug) {
        Map<String, Object> event = TestApi.event(slug);
        String base = "http://127.0.0.1:" + origin.getAddress().getPort();
        List<Map<String, Object>> renditions = new ArrayList<>();
        for (Rung rung : LADDER) {
            Map<String, Object> r = new HashMap<>();
            r.put("id", rung.id());
            r.put("bandwidth", rung.bandwidth());
            r.put("codecs", CODECS);
            r.put("audioOnly", false);
            r.put("resolution", rung.width() + "x" + rung.height());
            r.put("uri", base + "/" + rung.id() + "/index.m3u8");
            renditions.add(r);
        }
        event.put("renditions", renditions);
        return event;
    }

    /** Waits for a condition in the page; on timeout says what the browser saw. */
    static void waitFor(Page page, List<String> browserLog, String condition, double timeoutMs) {
        try {
            page.waitForFunction(condition, null, new Page.WaitForFunctionOptions().setTimeout(timeoutMs));
        } catch (TimeoutError e) {
            Object state = page.evaluate("() => { const v = document.getElementById('player');"
                    + " return { hls: !!window.velvetHls, hlsJs: !!window.Hls,"
                    + " levels: window.velvetHls && window.velvetHls.levels ? window.velvetHls.levels.length : null,"
                    + " error: v.getAttribute('data-error'), currentTime: v.currentTime, readyState: v.readyState,"
                    + " paused: v.paused, mediaError: v.error && v.error.message }; }");
            throw new AssertionError("not reached: " + condition + "\nplayer: " + state + "\nbrowser:\n"
                    + String.join("\n", browserLog), e);
        }
    }

    @Test
    void viewerInACappedRegionPlaysOnlyTheRungsUpToTheCap() {
        String slug = app.createEvent(eventOnTheLocalLadder(app.uniqueSlug("player")));
        String ops = app.user("player-ops", "ops");
        long version = app.admin().get("/api/events/" + slug + "/regions/EU").then().statusCode(200).extract()
                .jsonPath().getLong("version");
        app.as(ops, VelvetApp.PASSWORD)
                .body(Map.of("top", "v180", "pin", true, "hard", true, "reason", "player e2e", "version", version))
                .put("/api/events/" + slug + "/regions/EU/cap").then().statusCode(200);
        originRequests.clear();

        try (BrowserContext context = chromium.browser.newContext(new Browser.NewContextOptions()
                .setExtraHTTPHeaders(Map.of("X-Forwarded-For", EU_VIEWER)))) {
            Page page = context.newPage();
            List<String> browserLog = new ArrayList<>();
            page.onConsoleMessage(m -> browserLog.add("console " + m.type() + ": " + m.text()));
            page.onRequestFailed(r -> browserLog.add("failed " + r.url() + ": " + r.failure()));
            page.onResponse(r -> browserLog.add(r.status() + " " + r.url()));
            Response landing = page.navigate(app.url("/events/" + slug));
            assertEquals(200, landing.status());
            assertEquals("EU", landing.headerValue("x-velvet-region"));
            assertEquals("v180", landing.headerValue("x-velvet-top"));
            assertThat(page.locator("figure.player figcaption")).containsText("320x180");

            waitFor(page, browserLog, "() => window.velvetHls || document.getElementById('player').src", 20_000);
            assertEquals(true, page.evaluate("() => !!window.velvetHls"), () -> "the page plays without hls.js"
                    + " (native HLS: '" + page.evaluate("() => document.getElementById('player')"
                            + ".canPlayType('application/vnd.apple.mpegurl')") + "')");
            waitFor(page, browserLog, "() => window.velvetHls.levels && window.velvetHls.levels.length > 0", 20_000);
            Object started = page.evaluate("() => { const v = document.getElementById('player'); v.muted = true;"
                    + " return v.play().then(() => 'playing', e => 'refused: ' + e); }");
            assertEquals("playing", started);
            waitFor(page, browserLog, "() => document.getElementById('player').currentTime > 1.5", 30_000);
            Chromium.screenshot(page, "player");

            @SuppressWarnings("unchecked")
            List<Number> heights = (List<Number>) page.evaluate("() => window.velvetHls.levels.map(l => l.height)");
            assertEquals(List.of(180), heights.stream().map(Number::intValue).toList(),
                    "hls.js sees only the rungs up to the cap");
            assertEquals(1, ((Number) page.evaluate("() => window.velvetHls.levels.length")).intValue());
            assertNull(page.locator("#player").getAttribute("data-error"), "hls.js reported no fatal error");
        }
        assertTrue(originRequests.stream().anyMatch(p -> p.startsWith("/v180/seg")), originRequests::toString);
        assertFalse(originRequests.stream().anyMatch(p -> p.startsWith("/v360/")), originRequests::toString);
    }
}
