package org.velvetrope.traffic;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.jboss.logging.Logger;
import org.velvetrope.VelvetConfig;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;

/** Folds each tick's region load into history steps (10 s) and writes them for reports; prunes past retention. */
@ApplicationScoped
public class LoadRecorder {

    private static final Logger LOG = Logger.getLogger(LoadRecorder.class);

    @Inject
    VelvetConfig config;

    @Inject
    Clock clock;

    private static final class Step {
        long stepStart;
        double sum;
        int count;
        double peak;
        long viewers = -1;
        String top;
        boolean stale;
    }

    private final Map<String, Step> steps = new ConcurrentHashMap<>();
    private final List<LoadSample> pending = new ArrayList<>();

    /** Called once per tick per region. */
    public void record(String slug, String region, Instant now, double loadMbps, long viewers, String top,
            boolean stale) {
        long stepSeconds = Math.max(config.traffic().historyStep().toSeconds(), 1);
        long stepStart = now.getEpochSecond() / stepSeconds * stepSeconds;
        Step step = steps.computeIfAbsent(slug + "\u0000" + region, k -> new Step());
        synchronized (step) {
            if (step.count > 0 && step.stepStart != stepStart) {
                LoadSample sample = new LoadSample();
                sample.eventSlug = slug;
                sample.region = region;
                sample.at = Instant.ofEpochSecond(step.stepStart);
                sample.loadMbps = step.sum / step.count;
                sample.peakMbps = step.peak;
                sample.viewers = step.viewers < 0 ? null : step.viewers;
                sample.top = step.top;
                sample.stale = step.stale;
                synchronized (pending) {
                    pending.add(sample);
                }
                step.count = 0;
                step.sum = 0;
                step.peak = 0;
                step.viewers = -1;
                step.stale = false;
            }
            step.stepStart = stepStart;
            step.sum += loadMbps;
            step.count++;
            step.peak = Math.max(step.peak, loadMbps);
            step.viewers = Math.max(step.viewers, viewers);
            step.top = top;
            step.stale |= stale;
        }
    }

    /** Writes finished steps; one transaction per flush keeps the rules tick free of database writes. */
    @Scheduled(every = "${velvet.traffic.history-step:10s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void flush() {
        List<LoadSample> batch;
        synchronized (pending) {
            if (pending.isEmpty()) {
                return;
            }
            batch = new ArrayList<>(pending);
            pending.clear();
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> batch.forEach(s -> s.persist()));
        } catch (RuntimeException e) {
            LOG.warnf("Could not write %d load history rows (%s); they are retried", batch.size(), e.getMessage());
            synchronized (pending) {
                pending.addAll(0, batch);
            }
        }
    }

    @Scheduled(every = "1h", delayed = "1m")
    void prune() {
        Instant cutoff = Instant.now(clock).minus(config.traffic().retention());
        long removed = QuarkusTransaction.requiringNew().call(() -> LoadSample.deleteOlderThan(cutoff));
        if (removed > 0) {
            LOG.infof("Removed %d load history rows older than %s", removed, cutoff);
        }
    }
}
