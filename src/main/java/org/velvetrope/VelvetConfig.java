package org.velvetrope;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Everything an operator can set under {@code velvet.*}. */
@ConfigMapping(prefix = "velvet")
public interface VelvetConfig {

    /** Load the demo event {@code keynote} at start when it is absent. */
    @WithDefault("false")
    boolean demo();

    /**
     * How often each replica checks the shared database for control changes made by another replica (caps, event
     * edits) and rebuilds its snapshot.
     */
    @WithDefault("2s")
    Duration snapshotPoll();

    Token token();

    Admin admin();

    Geoip geoip();

    Cookie cookie();

    Rules rules();

    Vod vod();

    interface Vod {
        /** The person who switches to VOD must not be the one who approved it. */
        @WithDefault("true")
        boolean separateApprover();
    }

    Traffic traffic();

    /** Defaults of the automatic rules; each event may set its own, each region override them. */
    interface Rules {
        /** How often the rules run. */
        @WithDefault("1s")
        Duration tick();

        /** Clamp when utilization (or its forecast) reaches this. */
        @WithDefault("0.85")
        double clampAt();

        /** Restore when utilization stayed at or below this for {@code hold}. */
        @WithDefault("0.65")
        double restoreAt();

        @WithDefault("60s")
        Duration hold();

        /** Wait at least this long between two steps of one region. */
        @WithDefault("10s")
        Duration cooldown();

        /** How far ahead the forecast looks. */
        @WithDefault("30s")
        Duration lead();

        /** A source with no sample this recent no longer counts; a region with no fresh source is stale. */
        @WithDefault("30s")
        Duration staleAfter();

        /** How much load history the forecast fits. */
        @WithDefault("90s")
        Duration forecastWindow();

        /** Turn the automatic rules off entirely (operators still cap by hand). */
        @WithDefault("true")
        boolean enabled();
    }

    interface Traffic {
        /** Default interval between polls of an edge stat endpoint. */
        @WithDefault("5s")
        Duration pollInterval();

        /** An edge that has not answered within this is counted as failed. */
        @WithDefault("2s")
        Duration pollTimeout();

        /** Most samples one telemetry request may carry. */
        @WithDefault("5000")
        int maxBatch();

        /** Largest telemetry request body in bytes. */
        @WithDefault("1048576")
        int maxBodyBytes();

        /** How long the 10-second load history is kept for reports. */
        @WithDefault("30d")
        Duration retention();

        /** Resolution of the persisted load history. */
        @WithDefault("10s")
        Duration historyStep();
    }

    interface Token {
        /** Current HMAC key, base64, at least 32 bytes. Required in prod. */
        Optional<String> key();

        /** Keys that still verify tokens but no longer sign them (rotation). */
        Optional<List<String>> previousKeys();

        /** How long an assignment holds before the viewer is treated as new. */
        @WithDefault("12h")
        Duration ttl();
    }

    interface Admin {
        /** Password of the {@code admin} user created on first start when there are no users. */
        Optional<String> password();

        /** bcrypt cost of stored password hashes (each step doubles the work of a sign-in). */
        @WithDefault("12")
        int bcryptCost();
    }

    interface Geoip {
        /** A GeoIP2/GeoLite2 Country or City database file; the embedded GeoLite2-Country when absent. */
        Optional<String> database();

        /** Entries kept in the reader's lookup cache. */
        @WithDefault("8192")
        int cacheSize();

        /** How often the database file is checked for replacement. */
        @WithDefault("30s")
        Duration reloadCheck();
    }

    interface Cookie {
        /** Mark the assignment cookie Secure (set it when viewers come over HTTPS). */
        @WithDefault("false")
        boolean secure();
    }
}
