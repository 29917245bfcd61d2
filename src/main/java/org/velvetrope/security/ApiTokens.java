package org.velvetrope.security;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.velvetrope.event.Audit;
import org.velvetrope.event.Event;
import org.velvetrope.web.ProblemException;

/** Creates and revokes API tokens; the secret is returned once and only its hash is kept. */
@ApplicationScoped
public class ApiTokens {

    static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new token with its secret, to be shown exactly once. */
    public record Created(long id, String name, List<String> events, String token) {
    }

    @Inject
    Clock clock;

    @Inject
    Audit audit;

    @Inject
    ApiTokenCache cache;

    @Transactional
    public Created create(String name, List<String> events, String actor) {
        if (name == null || name.isBlank() || name.length() > 100) {
            throw ProblemException.badRequest("name", "name is required (at most 100 characters)");
        }
        if (events == null || events.isEmpty()) {
            throw ProblemException.badRequest("events", "events must name at least one event");
        }
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i) == null || !Event.existsWithSlug(events.get(i))) {
                throw ProblemException.badRequest("events[" + i + "]", "There is no event '" + events.get(i) + "'.");
            }
        }
        byte[] random = new byte[SECRET_BYTES];
        RANDOM.nextBytes(random);
        String secret = "vrt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        ApiToken token = new ApiToken();
        token.name = name.strip();
        token.tokenHash = ApiToken.hash(secret);
        token.events = String.join(",", events.stream().distinct().toList());
        token.createdAt = Instant.now(clock);
        token.createdBy = actor;
        token.persist();
        for (String slug : token.eventList()) {
            audit.record(slug, null, actor, false, "TOKEN_CREATED", null, token.name + " (#" + token.id + ")",
                    "API token for telemetry");
        }
        return new Created(token.id, token.name, token.eventList(), secret);
    }

    @Transactional
    public void revoke(long id, String actor) {
        ApiToken token = ApiToken.<ApiToken>findByIdOptional(id).filter(t -> t.revokedAt == null)
                .orElseThrow(() -> ProblemException.notFound("There is no active API token #" + id + "."));
        token.revokedAt = Instant.now(clock);
        cache.forget(id);
        for (String slug : token.eventList()) {
            audit.record(slug, null, actor, false, "TOKEN_REVOKED", token.name + " (#" + id + ")", null,
                    "API token revoked");
        }
    }
}
