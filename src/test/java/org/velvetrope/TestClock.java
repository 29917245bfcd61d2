package org.velvetrope;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import jakarta.inject.Singleton;

/** The application's clock in tests: the real time, unless a test freezes it to run in simulated time. */
@Singleton
public class TestClock extends Clock {

    private volatile Instant frozen;

    public void freezeAt(Instant instant) {
        frozen = instant;
    }

    public void advance(Duration by) {
        frozen = frozen.plus(by);
    }

    public void release() {
        frozen = null;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        Instant f = frozen;
        return f != null ? f : Instant.now();
    }

    @Override
    public long millis() {
        return instant().toEpochMilli();
    }
}
