package org.velvetrope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.apache.datasketches.hll.HllSketch;
import org.junit.jupiter.api.Test;

class UniqueViewersTest {

    @Test
    void estimateIsWithinTwoPercentOnAHundredThousandViewers() {
        int distinct = 100_000;
        // Viewers come back: every id is seen one to three times, spread over regions and minutes.
        HllSketch[] minutes = new HllSketch[12];
        for (int i = 0; i < minutes.length; i++) {
            minutes[i] = UniqueViewers.newSketch();
        }
        Random random = new Random(20261130);
        for (int v = 0; v < distinct; v++) {
            byte[] raw = new byte[16];
            random.nextBytes(raw);
            String id = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
            int visits = 1 + random.nextInt(3);
            for (int k = 0; k < visits; k++) {
                minutes[random.nextInt(minutes.length)].update(id);
            }
        }
        UniqueViewers union = new UniqueViewers();
        for (HllSketch m : minutes) {
            union.add(UniqueViewers.encode(m));
        }
        long estimate = union.estimate();
        double error = Math.abs(estimate - distinct) / (double) distinct;
        assertTrue(error <= 0.02, "estimate " + estimate + " is " + error * 100 + " % off");
    }

    @Test
    void smallCountsAreExact() {
        HllSketch s = UniqueViewers.newSketch();
        for (String id : new String[] { "a", "b", "c", "a", "b" }) {
            s.update(id);
        }
        assertEquals(3, new UniqueViewers().add(UniqueViewers.encode(s)).estimate());
    }
}
