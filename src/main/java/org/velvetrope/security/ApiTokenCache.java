package org.velvetrope.security;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * Known-good token hashes, so a busy telemetry source costs one hash per request, not a database read. Entries are
 * re-checked every 30 s, so a token revoked on another replica stops working here within that time.
 */
@ApplicationScoped
public class ApiTokenCache {

    public record Entry(long id, String name, Set<String> events, long loadedAt) {
    }

    /** How long a known token is trusted without a look in the database: a revocation elsewhere takes this long. */
    static final long TRUST_MILLIS = 30_000;

    private final Map<String, Entry> byHash = new ConcurrentHashMap<>();

    /** The token when it was confirmed recently; null means: look it up. */
    Entry get(String hash) {
        Entry e = byHash.get(hash);
        return e != null && System.currentTimeMillis() - e.loadedAt() < TRUST_MILLIS ? e : null;
    }

    /** Reads the token from the database (blocking); null when unknown or revoked. */
    Entry load(String hash) {
        Entry entry = QuarkusTransaction.requiringNew().call(() -> ApiToken.activeWithHash(hash)
                .map(t -> new Entry(t.id, t.name, Set.copyOf(t.eventList()), System.currentTimeMillis()))
                .orElse(null));
        if (entry != null) {
            byHash.put(hash, entry);
        } else {
            byHash.remove(hash);
        }
        return entry;
    }

    /** Called when a token is revoked: it stops working at once. */
    void forget(long id) {
        byHash.values().removeIf(e -> e.id() == id);
    }
}
