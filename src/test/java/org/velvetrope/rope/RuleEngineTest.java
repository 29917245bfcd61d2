package org.velvetrope.rope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;

import org.junit.jupiter.api.Test;

/** The automatic rules in simulated time: one tick per simulated second, instantly. */
class RuleEngineTest {

    static final int TOP = 4;
    static final Instant T0 = Instant.parse("2026-06-01T16:00:00Z");

    static RegionRules rules(int floor, int ceiling) {
        return new RegionRules(0.85, 0.65, Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofSeconds(30), floor, ceiling);
    }

    /** One simulated event: regions with load curves, applying every decision as the rules loop does. */
    static final class Simulation {
        final RuleEngine engine = new RuleEngine(Duration.ofSeconds(90), 900);
        final Map<String, Region> regions = new LinkedHashMap<>();
        final List<Action> actions = new ArrayList<>();
        long budgetMbps = 0;

        record Action(long second, String region, int from, int to, String reason, boolean clamp,
                double utilization) {
        }

        static final class Region {
            final String code;
            final long capacity;
            DoubleUnaryOperator load;
            int top;
            boolean pinned;
            boolean stale;
            RegionRules rules = rules(0, TOP);
            /** When the store recorded the last change: a little after the tick that decided it, as in production. */
            Instant changedAt;

            Region(String code, long capacity, int top, DoubleUnaryOperator load) {
                this.code = code;
                this.capacity = capacity;
                this.top = top;
                this.load = load;
            }
        }

        Region region(String code, long capacity, int top, DoubleUnaryOperator load) {
            Region r = new Region(code, capacity, top, load);
            regions.put(code, r);
            return r;
        }

        void run(long fromSecond, long toSecond) {
            for (long s = fromSecond; s <= toSecond; s++) {
                Instant now = T0.plusSeconds(s);
                List<RuleEngine.RegionInput> inputs = new ArrayList<>();
                Map<String, Double> loads = new HashMap<>();
                for (Region r : regions.values()) {
                    double load = r.stale ? 0 : r.load.applyAsDouble(s);
                    loads.put(r.code, load);
                    inputs.add(new RuleEngine.RegionInput(r.code, r.capacity, load, r.stale, r.pinned, r.top, r.rules,
                            r.changedAt));
                }
                for (RuleEngine.Decision d : engine.tick(now, budgetMbps, rules(0, TOP), inputs, true)) {
                    Region r = regions.get(d.region());
                    assertEquals(r.top, d.fromIndex());
                    actions.add(new Action(s, d.region(), d.fromIndex(), d.toIndex(), d.reason(), d.clamp(),
                            loads.get(d.region()) / r.capacity));
                    r.top = d.toIndex();
                    r.changedAt = now.plusMillis(7);
                }
            }
        }

        List<Action> clamps() {
            return actions.stream().filter(Action::clamp).toList();
        }

        List<Action> restores() {
            return actions.stream().filter(a -> !a.clamp()).toList();
        }
    }

    @Test
    void rampTo120PercentIsClampedBeforeItReachesCapacityOneRungPerCooldown() {
        Simulation sim = new Simulation();
        sim.region("EU", 4000, TOP, s -> 4000 * 1.2 * Math.min(s, 600) / 600.0);
        sim.run(0, 600);

        List<Simulation.Action> clamps = sim.clamps();
        assertEquals(TOP, clamps.size(), "steps all the way down to the floor");
        Simulation.Action first = clamps.get(0);
        assertTrue(first.utilization() < 0.85, "the forecast clamps before the threshold itself: " + first);
        assertTrue(first.reason().startsWith("auto: forecast"), first.reason());
        long reachesCapacity = 500; // 1.2 × s / 600 = 1.0
        assertTrue(first.second() < reachesCapacity);
        for (int i = 1; i < clamps.size(); i++) {
            assertEquals(1, clamps.get(i - 1).to() - clamps.get(i).to(), "one rung per step");
            assertEquals(10, clamps.get(i).second() - clamps.get(i - 1).second(), "one step per cooldown");
        }
        assertTrue(sim.restores().isEmpty());
    }

    @Test
    void plateauBelowRestoreAtRestoresOneRungPerHold() {
        Simulation sim = new Simulation();
        sim.region("JP", 1500, 1, s -> 1500 * 0.5);
        sim.run(0, 400);

        List<Simulation.Action> restores = sim.restores();
        assertEquals(List.of(60L, 120L, 180L), restores.stream().map(Simulation.Action::second).toList());
        assertEquals(List.of(2, 3, 4), restores.stream().map(Simulation.Action::to).toList());
        assertTrue(restores.get(0).reason().contains("utilization ≤ 0.65 for 60 s"), restores.get(0).reason());
        assertEquals(TOP, sim.regions.get("JP").top, "stops at the ceiling");
    }

    @Test
    void loadOscillatingAroundClampAtDoesNotFlap() {
        Simulation sim = new Simulation();
        sim.region("NA", 8000, TOP, s -> 8000 * (0.80 + 0.08 * Math.sin(2 * Math.PI * s / 40.0)));
        sim.region("AU", 800, 2, s -> 800 * (0.65 + 0.06 * Math.sin(2 * Math.PI * s / 30.0)));
        sim.run(0, 1200);

        assertTrue(sim.restores().isEmpty(), "never restores while load keeps coming back: " + sim.restores());
        List<Simulation.Action> clamps = sim.clamps().stream().filter(a -> a.region().equals("NA")).toList();
        assertFalse(clamps.isEmpty());
        for (int i = 1; i < clamps.size(); i++) {
            assertTrue(clamps.get(i).second() - clamps.get(i - 1).second() >= 10);
        }
        assertEquals(2, sim.regions.get("AU").top, "around restoreAt nothing moves: " + sim.actions.stream().filter(a -> a.region().equals("AU")).toList());
    }

    @Test
    void staleRegionNeverRestoresAndIsNotClampedOnMissingData() {
        Simulation sim = new Simulation();
        Simulation.Region eu = sim.region("EU", 4000, 1, s -> 4000 * 0.1);
        eu.stale = true;
        sim.run(0, 600);
        assertTrue(sim.actions.isEmpty(), sim.actions.toString());

        eu.stale = false;
        sim.run(601, 700);
        assertEquals(661, sim.restores().get(0).second(), "hold counts from the first fresh second");
    }

    @Test
    void pinnedRegionIsLeftAlone() {
        Simulation sim = new Simulation();
        Simulation.Region au = sim.region("AU", 800, 3, s -> 800 * 2.0);
        au.pinned = true;
        Simulation.Region jp = sim.region("JP", 1500, 1, s -> 0);
        jp.pinned = true;
        sim.run(0, 600);
        assertTrue(sim.actions.isEmpty());
        assertEquals(3, au.top);
        assertEquals(1, jp.top);
    }

    @Test
    void eventBudgetClampsTheRegionWithTheHighestUtilization() {
        Simulation sim = new Simulation();
        sim.budgetMbps = 2500;
        sim.region("NA", 1000, TOP, s -> 800);
        sim.region("EU", 1000, TOP, s -> 820);
        sim.region("AU", 1000, TOP, s -> 700);
        sim.run(0, 25);

        Simulation.Action a = sim.actions.get(0);
        assertEquals("EU", a.region());
        assertTrue(a.clamp());
        assertTrue(a.reason().contains("event total 2320 Mbps ≥ 0.85 × budget 2500 Mbps"), a.reason());
        assertEquals(List.of(0L, 10L, 20L), sim.actions.stream().map(Simulation.Action::second).toList(),
                "one budget step per cooldown, so each step's effect can show");
        assertTrue(sim.actions.stream().allMatch(x -> x.region().equals("EU")), "EU stays the most utilized");
    }

    @Test
    void floorsAndCeilingsBoundEveryStep() {
        Simulation sim = new Simulation();
        Simulation.Region hot = sim.region("NA", 1000, TOP, s -> 2000);
        hot.rules = rules(2, TOP);
        Simulation.Region calm = sim.region("JP", 1000, 0, s -> 100);
        calm.rules = rules(0, 3);
        sim.run(0, 900);
        assertEquals(2, hot.top, "never below the floor");
        assertEquals(3, calm.top, "never above the ceiling");
        assertTrue(sim.actions.stream().allMatch(a -> a.to() >= 0 && a.to() <= TOP));
    }

    @Test
    void operatorChangeRestartsTheCooldown() {
        RuleEngine engine = new RuleEngine(Duration.ofSeconds(90), 900);
        RegionRules r = rules(0, TOP);
        Instant manual = T0.plusSeconds(100);
        List<RuleEngine.Decision> d = engine.tick(T0.plusSeconds(105), 0, r,
                List.of(new RuleEngine.RegionInput("EU", 1000, 950, false, false, 3, r, manual)), true);
        assertTrue(d.isEmpty(), "within cooldown of the operator's change");
        d = engine.tick(T0.plusSeconds(110), 0, r,
                List.of(new RuleEngine.RegionInput("EU", 1000, 950, false, false, 3, r, manual)), true);
        assertEquals(1, d.size());
        assertFalse(d.get(0).reason().isBlank());
    }

    @Test
    void operatorChangeRestartsTheHold() {
        RuleEngine engine = new RuleEngine(Duration.ofSeconds(90), 900);
        RegionRules r = rules(0, TOP);
        for (int s = 0; s <= 100; s++) {
            Instant manual = s >= 50 ? T0.plusSeconds(50) : null;
            List<RuleEngine.Decision> d = engine.tick(T0.plusSeconds(s), 0, r,
                    List.of(new RuleEngine.RegionInput("EU", 1000, 100, false, false, 1, r, manual)), true);
            assertTrue(d.isEmpty(), "no restore within hold of the operator's clamp at 50 s (tick " + s + ")");
        }
        List<RuleEngine.Decision> d = engine.tick(T0.plusSeconds(111), 0, r, List.of(new RuleEngine.RegionInput("EU",
                1000, 100, false, false, 1, r, T0.plusSeconds(50))), true);
        assertEquals(1, d.size(), "a full hold after the change, the calm region is restored");
    }

    @Test
    void topAboveTheCeilingIsBroughtDownOneRungPerCooldown() {
        Simulation sim = new Simulation();
        Simulation.Region eu = sim.region("EU", 1000, TOP, s -> 100);
        eu.rules = rules(0, 2);
        sim.run(0, 30);
        assertEquals(2, eu.top);
        assertEquals(List.of(0L, 10L), sim.actions.stream().map(Simulation.Action::second).toList());
        assertTrue(sim.actions.get(0).reason().contains("ceiling"));
    }
}
