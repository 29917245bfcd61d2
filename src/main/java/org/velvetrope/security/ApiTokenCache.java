package org.velvetrope.security;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.narayana.jta.QuarkusTransaction;

/** Known-good token hashes, so a busy telemetry source costs one hash per request, not a database read. */
@ApplicationScoped
public class ApiTokenCache {

    public record Entry(long id, String name, Set<String> events) {
    }

    private final Map<String, Entry> byHash = new ConcurrentHashMap<>();

    Entry get(String hash) {
        return byHash.get(hash);
    }

    /** Reads the token from the database (blocking); null when unknown or revoked. */
    Entry load(String hash) {
        Entry entry = QuarkusTransaction.requiringNew().call(() -> ApiToken.activeWithHash(hash)
                .map(t -> new Entry(t.id, t.name, Set.copyOf(t.eventList()))).orElse(null));
        if (entry != null) {
            byHash.put(hash, entry);
        }
        return entry;
    }

    /** Called when a token is revoked: it stops working at once. */
    void forget(long id) {
        byHash.values().removeIf(e -> e.id() == id);
    }
}
