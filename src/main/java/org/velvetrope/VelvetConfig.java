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

    Token token();

    Admin admin();

    Geoip geoip();

    Cookie cookie();

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
