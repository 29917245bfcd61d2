package org.velvetrope.e2e;

import static com.microsoft.playwright.assertions.PlaywrightAssertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import com.microsoft.playwright.APIResponse;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import com.microsoft.playwright.options.Media;

import io.restassured.path.json.JsonPath;

/**
 * The post-event report in Chromium: telemetry for two regions goes into the load history, a reporter reads the
 * page with its figures, charts and downloads, prints it to PDF; ops may not read it.
 */
class ReportE2E extends ConsoleBrowserTest {

    /** Constant viewer counts per region, so the peak of concurrent viewers is known: their sum. */
    static final Map<String, Long> VIEWERS = Map.of("NA", 1200L, "EU", 800L);
    /** Loads well under the clamp threshold (85 % of 8000 and 4000 Mbps), so no automatic step interferes. */
    static final Map<String, Double> BASE_MBPS = Map.of("NA", 3000.0, "EU", 1500.0);

    /** One batch for both regions stamped now; the load wobbles a little so the chart has a shape. */
    void pushTelemetry(String slug, int round) {
        List<Map<String, Object>> samples = new ArrayList<>();
        String at = Instant.now().toString();
        for (String region : List.of("NA", "EU")) {
            double mbps = BASE_MBPS.get(region) * (1 + 0.1 * Math.sin(round / 2.0));
            samples.add(Map.of("source", "e2e-cdn", "region", region, "at", at, "mbps", mbps, "viewers",
                    VIEWERS.get(region)));
        }
        app.admin().body(Map.of("samples", samples)).post("/api/events/" + slug + "/telemetry").then()
                .statusCode(202);
    }

    /** Polls the summary until the history holds at least two steps, so every chart has a line, not a dot. */
    JsonPath waitForHistory(String slug, String reporter, Duration timeout) throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        JsonPath summary = null;
        while (Instant.now().isBefore(deadline)) {
            summary = app.as(reporter, VelvetApp.PASSWORD).get("/api/events/" + slug + "/report.json").then()
                    .statusCode(200).extract().jsonPath();
            String from = summary.getString("from");
            String to = summary.getString("to");
            if (from != null && to != null
                    && Duration.between(Instant.parse(from), Instant.parse(to)).toSeconds() >= 20
                    && summary.getLong("peakConcurrentViewers") == 2000) {
                return summary;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("no load history after " + timeout.toSeconds() + " s; last summary: "
                + (summary == null ? null : summary.prettify()) + "\napplication log:\n" + app.logText());
    }

    @Test
    void reporterReadsAndPrintsTheReportAndOpsIsRefused() throws Exception {
        String slug = app.createEvent(TestApi.event(app.uniqueSlug("report")));
        String reporter = app.user("report-desk", "reporter");
        String ops = app.user("report-ops", "ops");

        ScheduledExecutorService telemetry = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger rounds = new AtomicInteger();
        AtomicReference<Throwable> pushFailure = new AtomicReference<>();
        JsonPath summary;
        try {
            telemetry.scheduleAtFixedRate(() -> {
                try {
                    pushTelemetry(slug, rounds.getAndIncrement());
                } catch (Throwable e) {
                    pushFailure.compareAndSet(null, e);
                }
            }, 0, 2, TimeUnit.SECONDS);
            summary = waitForHistory(slug, reporter, Duration.ofSeconds(75));
        } finally {
            telemetry.shutdownNow();
            telemetry.awaitTermination(10, TimeUnit.SECONDS);
        }
        if (pushFailure.get() != null) {
            throw new AssertionError("telemetry was refused", pushFailure.get());
        }
        assertTrue(summary.getDouble("peakTotalGbps") > 4, summary.prettify());

        try (BrowserContext context = chromium.browser.newContext()) {
            Page page = signIn(context, reporter);
            List<String> browserErrors = new ArrayList<>();
            page.onConsoleMessage(m -> {
                if ("error".equals(m.type())) {
                    browserErrors.add(m.text());
                }
            });
            Response response = page.navigate(app.url("/ops/events/" + slug + "/report"));
            assertEquals(200, response.status());

            assertThat(page.locator("article.report h1")).hasText("Post-event report: Test " + slug);
            assertThat(page.locator("article.report h2")).hasText(new String[] { "At a glance", "Regions",
                    "Load against capacity", "Stale periods", "Timeline", "Per region and minute" });
            assertThat(page.locator("article.report > p").first())
                    .containsText(Pattern.compile("From \\d{4}-\\d\\d-\\d\\dT\\S+Z to \\d{4}-\\d\\d-\\d\\dT\\S+Z \\(UTC\\)\\."));
            assertThat(page.locator("article.report > p").first()).containsText("State: LIVE.");

            assertThat(page.locator("#peak-viewers")).hasText(Pattern.compile("^2000 at \\d{4}-\\d\\d-\\d\\dT\\S+Z$"));
            assertThat(page.locator("#unique-viewers")).hasText("0");
            assertThat(page.locator("#peak-gbps")).hasText(Pattern.compile("^\\d+(\\.\\d+)? Gbps at \\S+Z$"));
            double gbps = Double.parseDouble(page.locator("#peak-gbps").textContent().split(" ")[0]);
            assertTrue(gbps > 4 && gbps < 6, "NA about 3000 and EU about 1500 Mbps: " + gbps + " Gbps");
            assertThat(page.locator(".facts dt")).containsText(new String[] { "Peak concurrent viewers",
                    "Unique viewers", "Peak total", "Clamps" });
            assertThat(page.locator(".facts dd").nth(3)).hasText("0 automatic, 0 manual");

            Locator regionRows = page.locator("section[aria-labelledby=regions-h] tbody tr");
            assertThat(regionRows).hasCount(5);
            assertThat(regionRows.filter(new Locator.FilterOptions().setHas(page.locator("th:text-is('NA')")))
                    .locator("td").first()).hasText("1200");
            assertThat(regionRows.filter(new Locator.FilterOptions().setHas(page.locator("th:text-is('EU')")))
                    .locator("td").first()).hasText("800");

            Locator charts = page.locator("figure.report-chart svg.chart");
            assertThat(charts).hasCount(5);
            for (String region : List.of("NA", "EU", "AU", "JP", "ROW")) {
                Locator chart = page.locator("svg.chart[aria-labelledby=chart-" + region + "-t]");
                assertThat(chart).hasCount(1);
                assertThat(chart.locator("title").first()).containsText(region + ": load over the event");
                assertThat(chart.locator("line.capacity")).hasCount(1);
            }
            for (String region : List.of("NA", "EU")) {
                Locator line = page.locator("svg.chart[aria-labelledby=chart-" + region + "-t] polyline.load");
                assertThat(line).hasCount(1);
                String points = line.getAttribute("points").strip();
                assertTrue(points.split("\\s+").length >= 2, region + " has a line, not a dot: " + points);
                Object box = line.evaluate("l => { const b = l.getBBox(); return b.width > 0; }");
                assertEquals(Boolean.TRUE, box, region + "'s load line has a width");
            }

            Locator csv = page.locator("a[href='/api/events/" + slug + "/report.csv']");
            Locator json = page.locator("a[href='/api/events/" + slug + "/report.json']");
            assertThat(csv).hasText("CSV (per region and minute)");
            assertThat(json).hasText("JSON (summary)");
            // The links work for the signed-in reporter with the console's session alone.
            APIResponse csvBody = context.request().get(app.url(csv.getAttribute("href")));
            assertEquals(200, csvBody.status(), csvBody.text());
            assertTrue(csvBody.text().startsWith("minute,region,avg_mbps,peak_mbps,capacity_mbps,peak_utilization,"
                    + "top,viewers,admissions_a64"), csvBody.text());
            assertTrue(csvBody.text().contains(",NA,"), csvBody.text());
            APIResponse jsonBody = context.request().get(app.url(json.getAttribute("href")));
            assertEquals(200, jsonBody.status(), jsonBody.text());
            assertTrue(jsonBody.text().contains("\"event\":\"" + slug + "\""), jsonBody.text());

            assertThat(page.locator("section[aria-labelledby=tl-h] tbody tr").first()).containsText("EVENT_CREATED");
            assertThat(page.locator("table.minutes tbody tr").first()).isVisible();
            Chromium.screenshot(page, "report");

            Path pdf = Chromium.output().resolve("report.pdf");
            Files.deleteIfExists(pdf);
            page.pdf(new Page.PdfOptions().setPath(pdf).setFormat("A4").setPrintBackground(true));
            byte[] bytes = Files.readAllBytes(pdf);
            assertTrue(bytes.length > 10_000, "the PDF has " + bytes.length + " bytes");
            assertEquals("%PDF", new String(bytes, 0, 4, StandardCharsets.US_ASCII));

            assertNotEquals("none", page.evaluate(
                    "() => getComputedStyle(document.querySelector('.console-nav')).display"),
                    "on screen the console nav shows");
            page.emulateMedia(new Page.EmulateMediaOptions().setMedia(Media.PRINT));
            assertEquals("none", page.evaluate(
                    "() => getComputedStyle(document.querySelector('.console-nav')).display"));
            assertEquals("none", page.evaluate("() => getComputedStyle(document.querySelector('footer')).display"));
            assertTrue(page.locator("figure.report-chart svg.chart").first().isVisible(), "charts print");
            page.emulateMedia(new Page.EmulateMediaOptions().setMedia(Media.SCREEN));
            assertTrue(browserErrors.isEmpty(), browserErrors::toString);
        }

        try (BrowserContext context = chromium.browser.newContext()) {
            Page page = signIn(context, ops);
            Response refused = page.navigate(app.url("/ops/events/" + slug + "/report"));
            assertEquals(403, refused.status());
            assertNotNull(refused.headerValue("content-type"));
            assertTrue(refused.headerValue("content-type").startsWith("application/problem+json"),
                    refused.headerValue("content-type"));
            assertThat(page.locator(".console-nav")).hasCount(0);
        }
        app.as(ops, VelvetApp.PASSWORD).get("/api/events/" + slug + "/report.json").then().statusCode(403);
    }
}
