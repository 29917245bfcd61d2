package org.velvetrope.report;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.apache.datasketches.hll.HllSketch;
import org.jboss.logging.Logger;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.RegionView;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/**
 * Counts admissions per region and top, and sketches viewer ids, in memory for the current minute; each minute the
 * counts and sketches are written for the report. Lock-striped so the viewer path barely notices.
 */
@Singleton
public class AdmissionStats {

    private static final Logger LOG = Logger.getLogger(AdmissionStats.class);
    static final int STRIPES = 8;

    static final class RegionStats {
        final Map<String, LongAdder> perTop = new ConcurrentHashMap<>();
        final HllSketch[] sketches = new HllSketch[STRIPES];

        RegionStats() {
            for (int i = 0; i < STRIPES; i++) {
                sketches[i] = UniqueViewers.newSketch();
            }
        }
    }

    /** event slug → region code → the current minute's figures. */
    private volatile Map<String, Map<String, RegionStats>> window = new ConcurrentHashMap<>();
    private volatile Instant windowStart;
    private final Clock clock;

    @Inject
    public AdmissionStats(Clock clock) {
        this.clock = clock;
        this.windowStart = clock.instant().truncatedTo(ChronoUnit.MINUTES);
    }

    public void record(EventView event, RegionView region, int top, String viewerId) {
        RegionStats stats = window.computeIfAbsent(event.slug(), k -> new ConcurrentHashMap<>())
                .computeIfAbsent(region.code(), k -> new RegionStats());
        stats.perTop.computeIfAbsent(event.ladder().get(top).id(), t -> new LongAdder()).increment();
        HllSketch sketch = stats.sketches[(int) (Thread.currentThread().getId() % STRIPES)];
        synchronized (sketch) {
            sketch.update(viewerId);
        }
    }

    @Scheduled(cron = "0 * * * * ?", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void everyMinute() {
        flush();
    }

    /** Writes what the window collected, stamped with the minute it started in, and opens a new window. */
    public synchronized void flush() {
        Map<String, Map<String, RegionStats>> done = window;
        Instant minute = windowStart;
        window = new ConcurrentHashMap<>();
        windowStart = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        if (done.isEmpty()) {
            return;
        }
        List<Object> rows = new ArrayList<>();
        done.forEach((slug, regions) -> regions.forEach((region, stats) -> {
            String[] parts = { slug, region };
            stats.perTop.forEach((top, count) -> {
                AdmissionMinute row = new AdmissionMinute();
                row.eventSlug = parts[0];
                row.region = parts[1];
                row.minute = minute;
                row.top = top;
                row.admissions = count.sum();
                rows.add(row);
            });
            UniqueViewers union = new UniqueViewers();
            for (HllSketch s : stats.sketches) {
                synchronized (s) {
                    union.add(s);
                }
            }
            ViewerSketch sketch = new ViewerSketch();
            sketch.eventSlug = parts[0];
            sketch.region = parts[1];
            sketch.minute = minute;
            sketch.sketch = UniqueViewers.encode(union.result());
            rows.add(sketch);
        }));
        try {
            QuarkusTransaction.requiringNew().run(() -> rows.forEach(r -> ((io.quarkus.hibernate.orm.panache
                    .PanacheEntityBase) r).persist()));
        } catch (RuntimeException e) {
            LOG.warnf("Could not write the admission figures of %s: %s", minute, e.getMessage());
        }
    }
}
