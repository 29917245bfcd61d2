package org.velvetrope.rope;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.event.EventState;
import org.velvetrope.geo.Cidr;
import org.velvetrope.geo.Location;

class AdmissionTest {

    static final List<RenditionView> LADDER = List.of(
            new RenditionView("a64", 64_000, null, "mp4a.40.2", null, null, true, "/a64.m3u8"),
            new RenditionView("v400", 400_000, null, null, "640x360", null, false, "/v400.m3u8"),
            new RenditionView("v1200", 1_200_000, null, null, "960x540", null, false, "/v1200.m3u8"),
            new RenditionView("v3000", 3_000_000, null, null, "1280x720", null, false, "/v3000.m3u8"));

    static RegionView region(String code, int top, boolean hard) {
        return new RegionView(0, code, 1000, false, "standard", null, top, false, hard, 1, Instant.EPOCH, "t", null, null, false);
    }

    static EventView event(RegionView eu, RegionView row) {
        RegionView defaultRow = new RegionView(1, row.code(), row.capacityMbps(), true, "standard", null,
                row.topIndex(), false, row.hard(), 1, Instant.EPOCH, "t", null, null, false);
        return new EventView(1, "keynote", "Keynote", EventState.LIVE, 5000, LADDER, List.of(eu, defaultRow),
                Map.of("GB", eu), Map.of("EU", eu), region("INTERNAL", 3, false),
                new Cidr[] { Cidr.parse("10.0.0.0/8").orElseThrow() }, null, 1, List.of(),
                java.time.Duration.ofSeconds(5));
    }

    static AssignmentToken token(String region, String top) {
        return new AssignmentToken("viewer", "keynote", region, top, 0, "k");
    }

    @Test
    void newViewerGetsTheRegionsCurrentTop() {
        RegionView eu = region("EU", 2, false);
        assertEquals(2, Admission.decideTop(event(eu, region("ROW", 3, false)), eu, null));
    }

    @Test
    void softClampLetsAReturningViewerKeepItsHigherTop() {
        RegionView eu = region("EU", 1, false);
        assertEquals(3, Admission.decideTop(event(eu, region("ROW", 3, false)), eu, token("EU", "v3000")));
    }

    @Test
    void hardClampMovesAReturningViewerDownToo() {
        RegionView eu = region("EU", 1, true);
        assertEquals(1, Admission.decideTop(event(eu, region("ROW", 3, false)), eu, token("EU", "v3000")));
    }

    @Test
    void restoreUpgradesAReturningViewer() {
        RegionView eu = region("EU", 3, false);
        assertEquals(3, Admission.decideTop(event(eu, region("ROW", 3, false)), eu, token("EU", "v400")));
    }

    @Test
    void tokenOfAnotherRegionOrAnUnknownRungDoesNotCarryOver() {
        RegionView eu = region("EU", 1, false);
        EventView event = event(eu, region("ROW", 3, false));
        assertEquals(1, Admission.decideTop(event, eu, token("ROW", "v3000")));
        assertEquals(1, Admission.decideTop(event, eu, token("EU", "v9999")));
    }

    @Test
    void regionsMatchByCountryThenContinentThenDefault() {
        RegionView eu = region("EU", 1, false);
        EventView event = event(eu, region("ROW", 3, false));
        assertEquals("EU", event.regionFor(new Location("GB", "EU")).code());
        assertEquals("EU", event.regionFor(new Location("FR", "EU")).code());
        assertEquals("ROW", event.regionFor(new Location("BR", "SA")).code());
        assertEquals("ROW", event.regionFor(Location.UNKNOWN).code());
    }
}
