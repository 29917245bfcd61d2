package org.velvetrope.rope;

import java.time.Duration;

/** The automatic-rule settings in force for one region, inheritance resolved, bounds as ladder positions. */
public record RegionRules(double clampAt, double restoreAt, Duration hold, Duration cooldown, Duration lead,
        Duration staleAfter, int floorIndex, int ceilingIndex) {
}
