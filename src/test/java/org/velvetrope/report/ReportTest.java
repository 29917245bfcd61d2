package org.velvetrope.report;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.StringReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;
import org.velvetrope.TestClock;
import org.velvetrope.rope.RulesLoop;
import org.velvetrope.traffic.LoadRecorder;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * A scripted three-minute event in simulated time: telemetry every second, a few viewers, a manual clamp, a
 * region going stale. Every figure of the report is compared with the value worked out by hand below.
 */
@QuarkusTest
class ReportTest {

    static final Instant T0 = Instant.parse("2026-06-01T16:00:00Z");
    static final String LONDON = "81.2.69.142";
    static final String MOUNTAIN_VIEW = "8.8.8.8";

    @Inject
    TestClock clock;

    @Inject
    RulesLoop loop;

    @Inject
    LoadRecorder recorder;

    @Inject
    AdmissionStats stats;

    @AfterEach
    void realTimeAgain() {
        clock.release();
    }

    /** EU: 1000 Mbps in the first minute with a 3000 spike at 0:30, 2000 in the second, 1500 in the third. */
    static double eu(int s) {
        return s < 60 ? (s == 30 ? 3000 : 1000) : s < 120 ? 2000 : 1500;
    }

    void report(String token, String slug, String region, int s, double mbps, long viewers) {
        given().header("Authorization", "Bearer " + token).contentType("application/json")
                .body(Map.of("samples", List.of(Map.of("source", "cdn-" + region, "region", region, "at",
                        T0.plusSeconds(s).toString(), "mbps", mbps, "viewers", viewers))))
                .post("/api/events/" + slug + "/telemetry").then().statusCode(202);
    }

    void view(String slug, String ip, String expectedTop) {
        given().header("X-Forwarded-For", ip).get("/events/" + slug).then().statusCode(200)
                .header("X-Velvet-Top", expectedTop);
    }

    @Test
    void scriptedEventGivesTheFiguresWorkedOutByHand() throws Exception {
        String slug = TestApi.createEvent("report");
        String token = TestApi.admin().body(Map.of("name", "cdn", "events", List.of(slug))).post("/api/tokens")
                .then().statusCode(201).extract().path("token");
        clock.freezeAt(T0);
        stats.flush(); // the admission minute starts at 16:00:00
        for (int s = 0; s <= 180; s++) {
            clock.freezeAt(T0.plusSeconds(s));
            if (s > 0 && s % 60 == 0) {
                stats.flush();
            }
            if (s < 180) {
                report(token, slug, "EU", s, eu(s), 100 + s);
            }
            if (s < 120) {
                report(token, slug, "NA", s, 500, 50); // NA's feed stops after 1:59
            }
            if (s == 90) {
                TestApi.cap(slug, "EU", Map.of("top", "v3000", "pin", true, "reason", "EU transit"))
                        .then().statusCode(200);
            }
            switch (s) {
                case 10, 20 -> view(slug, LONDON, "v6000");
                case 100 -> view(slug, LONDON, "v3000");
                case 130 -> view(slug, MOUNTAIN_VIEW, "v6000");
                default -> {
                }
            }
            loop.tick();
        }
        recorder.flush();

        String csv = given().auth().preemptive().basic(TestApi.user("report-reader", "reporter"), TestApi.PASSWORD)
                .get("/api/events/" + slug + "/report.csv").then().statusCode(200)
                .contentType(containsString("text/csv")).extract().asString();
        List<CSVRecord> records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(csv)).getRecords();
        Map<String, CSVRecord> rows = new HashMap<>();
        records.forEach(r -> rows.put(r.get("minute").substring(11, 16) + " " + r.get("region"), r));
        assertEquals(15, records.size(), "5 regions × 3 minutes");

        // EU, minute 0: five 10-s steps at 1000 and one averaging 1200 (the spike) → 1033.333; peak 3000 of 4000.
        expect(rows.get("16:00 EU"), "1033.333", "3000.000", "4000", "0.750", "v6000", "159", Map.of("v6000", "2"));
        expect(rows.get("16:01 EU"), "2000.000", "2000.000", "4000", "0.500", "v3000", "219", Map.of("v3000", "1"));
        expect(rows.get("16:02 EU"), "1500.000", "1500.000", "4000", "0.375", "v3000", "279", Map.of());
        expect(rows.get("16:00 NA"), "500.000", "500.000", "8000", "0.063", "v6000", "50", Map.of());
        // NA, minute 2: fresh until 2:29 (last sample 1:59 + 30 s), then stale and counted as nothing.
        expect(rows.get("16:02 NA"), "250.000", "500.000", "8000", "0.063", "v6000", "50", Map.of("v6000", "1"));
        expect(rows.get("16:01 JP"), "0.000", "0.000", "1500", "0.000", "v6000", "", Map.of());

        JsonPath summary = given().auth().preemptive().basic("report-reader", TestApi.PASSWORD)
                .get("/api/events/" + slug + "/report.json").then().statusCode(200).extract().jsonPath();
        // Viewers per 10-s step: EU 109 + step start, NA 50 while fresh: highest 249 + 50 at 2:20.
        assertEquals(299, summary.getLong("peakConcurrentViewers"));
        assertEquals(T0.plusSeconds(140).toString(), summary.getString("peakConcurrentAt"));
        assertEquals(279, summary.getLong("peakViewersByRegion.EU"));
        assertEquals(50, summary.getLong("peakViewersByRegion.NA"));
        assertEquals(4, summary.getLong("uniqueViewers"));
        assertEquals(3, summary.getLong("uniqueViewersByRegion.EU"));
        assertEquals(1, summary.getLong("uniqueViewersByRegion.NA"));
        // Total per step: 2000 + 500 from 1:00 on.
        assertEquals(2.5, summary.getDouble("peakTotalGbps"), 1e-9);
        assertEquals(T0.plusSeconds(60).toString(), summary.getString("peakTotalAt"));
        assertEquals(3.0, summary.getDouble("peakGbpsByRegion.EU"), 1e-9);
        assertEquals(0.5, summary.getDouble("peakGbpsByRegion.NA"), 1e-9);
        assertEquals(1.5, summary.getDouble("minutesAtTop.EU.v6000"), 1e-9);
        assertEquals(1.5, summary.getDouble("minutesAtTop.EU.v3000"), 1e-9);
        assertEquals(3.0, summary.getDouble("minutesAtTop.NA.v6000"), 1e-9);
        assertEquals(0, summary.getLong("clamps.automatic"));
        assertEquals(1, summary.getLong("clamps.manual"));
        List<Map<String, Object>> stale = summary.getList("stalePeriods");
        Map<String, List<String>> staleByRegion = new HashMap<>();
        stale.forEach(p -> staleByRegion.computeIfAbsent((String) p.get("region"), r -> new ArrayList<>())
                .add(p.get("from") + "/" + p.get("to")));
        assertEquals(List.of(T0.plusSeconds(150) + "/" + T0.plusSeconds(180)), staleByRegion.get("NA"));
        assertEquals(List.of(T0 + "/" + T0.plusSeconds(180)), staleByRegion.get("JP"), "no telemetry at all");
        assertNull(staleByRegion.get("EU"));
        assertEquals("EVENT_CREATED", summary.getString("timeline[0].action"));

        TestApi.as(TestApi.ops()).get("/api/events/" + slug + "/report.json").then().statusCode(403);
        given().redirects().follow(false).get("/api/events/" + slug + "/report.csv").then().statusCode(401);
    }

    static void expect(CSVRecord row, String avg, String peak, String capacity, String util, String top,
            String viewers, Map<String, String> admissions) {
        assertEquals(avg, row.get("avg_mbps"), row.toString());
        assertEquals(peak, row.get("peak_mbps"), row.toString());
        assertEquals(capacity, row.get("capacity_mbps"), row.toString());
        assertEquals(util, row.get("peak_utilization"), row.toString());
        assertEquals(top, row.get("top"), row.toString());
        assertEquals(viewers, row.get("viewers"), row.toString());
        for (String rung : List.of("a64", "v400", "v1200", "v3000", "v6000")) {
            assertEquals(admissions.getOrDefault(rung, "0"), row.get("admissions_" + rung), rung + " " + row);
        }
    }
}
