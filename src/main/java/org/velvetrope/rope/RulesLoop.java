package org.velvetrope.rope;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;
import org.velvetrope.VelvetConfig;
import org.velvetrope.event.EventState;
import org.velvetrope.traffic.LoadRecorder;
import org.velvetrope.traffic.RegionLoad;
import org.velvetrope.traffic.SharedSamples;
import org.velvetrope.traffic.TrafficBook;
import org.velvetrope.web.ProblemException;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;

/**
 * Runs the automatic rules every tick: telemetry → region load → rules → cap change through the same path as an
 * operator's (database and audit, then a new snapshot) → next admission.
 */
@ApplicationScoped
public class RulesLoop {

    private static final Logger LOG = Logger.getLogger(RulesLoop.class);
    static final String ACTOR = "auto";
    /** Fifteen minutes of one-second load, for forecasts and live charts. */
    static final int HISTORY_SECONDS = 900;

    @Inject
    Rope rope;

    @Inject
    TrafficBook book;

    @Inject
    CapService caps;

    @Inject
    LoadRecorder recorder;

    @Inject
    RulesLeadership leadership;

    @Inject
    SharedSamples shared;

    @Inject
    Clock clock;

    @Inject
    VelvetConfig config;

    @Inject
    MeterRegistry registry;

    @Inject
    org.eclipse.microprofile.context.ManagedExecutor executor;

    private final Map<String, RuleEngine> engines = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicBoolean nudged = new java.util.concurrent.atomic.AtomicBoolean();
    private final Map<String, double[]> gauges = new ConcurrentHashMap<>();
    private final Set<String> stale = ConcurrentHashMap.newKeySet();

    @Scheduled(every = "${velvet.rules.tick:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        tick();
    }

    /**
     * Telemetry just put a region at or over its clamp threshold: run the rules now rather than at the next tick,
     * so the clamp does not wait for the schedule. At most one such extra run is pending at a time.
     */
    public void nudge() {
        if (nudged.compareAndSet(false, true)) {
            executor.execute(() -> {
                nudged.set(false);
                tick(false);
            });
        }
    }

    public void tick() {
        tick(true);
    }

    /** {@code record} false for an extra run between ticks: the 10-s history takes one value per tick. */
    synchronized void tick(boolean record) {
        Instant now = clock.instant();
        if (leadership.shared()) {
            shared.exchange(now);
        }
        // A replica with the rules switched off never takes the lock from one that runs them.
        boolean leading = (config.rules().enabled() || !leadership.shared()) && leadership.isLeader();
        Set<String> live = rope.current().events().stream().map(EventView::slug).collect(Collectors.toSet());
        engines.keySet().retainAll(live);
        for (EventView event : rope.current().events()) {
            try {
                tick(event, now, leading, record);
            } catch (RuntimeException e) {
                LOG.errorf(e, "The rules tick for event %s failed", event.slug());
            }
        }
    }

    private void tick(EventView event, Instant now, boolean leading, boolean record) {
        RuleEngine engine = engines.computeIfAbsent(event.slug(),
                s -> new RuleEngine(config.rules().forecastWindow(), HISTORY_SECONDS));
        engine.retain(event.regions().stream().map(RegionView::code).collect(Collectors.toSet()));
        List<RuleEngine.RegionInput> inputs = new ArrayList<>();
        List<RegionLoad> loads = new ArrayList<>();
        for (RegionView r : event.regions()) {
            RegionLoad load = book.load(event.slug(), r.code(), now, r.rules().staleAfter());
            loads.add(load);
            inputs.add(new RuleEngine.RegionInput(r.code(), r.capacityMbps(), load.loadMbps(), load.stale(),
                    r.pinned(), r.topIndex(), r.rules(), r.version() > 1 ? r.updatedAt() : null));
        }
        boolean on = leading && config.rules().enabled() && event.state() == EventState.LIVE;
        List<RuleEngine.Decision> decisions = engine.tick(now, event.budgetMbps(), event.internalRegion().rules(),
                inputs, on);
        for (RuleEngine.Decision d : decisions) {
            apply(event, d);
        }
        for (int i = 0; i < inputs.size(); i++) {
            RegionView r = event.regions().get(i);
            RegionLoad load = loads.get(i);
            RuleEngine.Outlook o = engine.outlook(r.code());
            double[] g = gauge(event.slug(), r.code());
            g[0] = load.loadMbps();
            g[1] = o.predictedMbps();
            g[2] = o.utilization();
            g[3] = event.ladder().get(r.topIndex()).bandwidth();
            g[4] = load.stale() ? 1 : 0;
            String key = event.slug() + "/" + r.code();
            if (load.stale() && !load.sources().isEmpty() && stale.add(key)) {
                LOG.warnf("Region %s of %s is stale: no source has reported for %d s; it will not be restored",
                        r.code(), event.slug(), r.rules().staleAfter().toSeconds());
            } else if (!load.stale() && stale.remove(key)) {
                LOG.infof("Region %s of %s has fresh telemetry again", r.code(), event.slug());
            }
            if (record && leading && (event.state() == EventState.LIVE || event.state() == EventState.REPLAY)) {
                recorder.record(event.slug(), r.code(), now, load.loadMbps(), load.viewers(),
                        event.ladder().get(r.topIndex()).id(), load.stale());
            }
        }
    }

    private void apply(EventView event, RuleEngine.Decision d) {
        RegionView r = event.region(d.region());
        String top = event.ladder().get(d.toIndex()).id();
        try {
            caps.setCap(event.slug(), d.region(), new CapRequest(top, null, null, d.reason(), r.version()), ACTOR,
                    true);
            registry.counter("velvet.rule.actions", "event", event.slug(), "region", d.region(), "action",
                    d.clamp() ? "clamp" : "restore").increment();
        } catch (ProblemException e) {
            // An operator changed the region in the same instant; their change wins, the rules look again next tick.
            registry.counter("velvet.rule.skipped", "event", event.slug(), "region", d.region()).increment();
            LOG.debugf("Automatic step for %s/%s skipped: %s", event.slug(), d.region(), e.getMessage());
        }
    }

    private double[] gauge(String slug, String region) {
        return gauges.computeIfAbsent(slug + "/" + region, k -> {
            double[] values = new double[5];
            String[] names = { "velvet.region.load.mbps", "velvet.region.predicted.mbps", "velvet.region.utilization",
                    "velvet.region.top.bandwidth", "velvet.region.stale" };
            for (int i = 0; i < names.length; i++) {
                int at = i;
                Gauge.builder(names[i], values, v -> v[at]).tag("event", slug).tag("region", region)
                        .register(registry);
            }
            return values;
        });
    }

    /** The region's one-second load of the last minutes, or null before the first tick. */
    public org.velvetrope.traffic.LoadHistory history(String slug, String region) {
        RuleEngine engine = engines.get(slug);
        return engine == null ? null : engine.history(region);
    }

    public RuleEngine.Outlook outlook(String slug, String region) {
        RuleEngine engine = engines.get(slug);
        return engine == null ? RuleEngine.Outlook.NONE : engine.outlook(region);
    }
}
