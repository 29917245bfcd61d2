package org.velvetrope.security;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.event.Audit;
import org.velvetrope.event.Event;
import org.velvetrope.web.ProblemException;

import io.quarkus.security.identity.SecurityIdentity;

/** API tokens for machines: created by admins, shown once, stored hashed, revocable. */
@Path("/api/tokens")
@RolesAllowed(Roles.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ApiTokenResource {

    static final int SECRET_BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    public record NewToken(
            @NotBlank(message = "name is required") @Size(max = 100, message = "name must be at most 100 characters") String name,
            @NotEmpty(message = "events must name at least one event") List<@NotBlank(message = "an event slug cannot be blank") String> events) {
    }

    public record Created(long id, String name, List<String> events, String token) {
    }

    public record TokenView(long id, String name, List<String> events, Instant createdAt, String createdBy) {
        static TokenView of(ApiToken t) {
            return new TokenView(t.id, t.name, t.eventList(), t.createdAt, t.createdBy);
        }
    }

    @Inject
    Clock clock;

    @Inject
    Audit audit;

    @Inject
    ApiTokenCache cache;

    @Inject
    SecurityIdentity identity;

    @GET
    public List<TokenView> list() {
        return ApiToken.listActive().stream().map(TokenView::of).toList();
    }

    @POST
    @Transactional
    public Response create(@NotNull(message = "the request body must be {name, events}") @Valid NewToken request) {
        for (int i = 0; i < request.events().size(); i++) {
            if (!Event.existsWithSlug(request.events().get(i))) {
                throw ProblemException.badRequest("events[" + i + "]",
                        "There is no event '" + request.events().get(i) + "'.");
            }
        }
        byte[] random = new byte[SECRET_BYTES];
        RANDOM.nextBytes(random);
        String secret = "vrt_" + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        ApiToken token = new ApiToken();
        token.name = request.name().strip();
        token.tokenHash = ApiToken.hash(secret);
        token.events = String.join(",", request.events().stream().distinct().toList());
        token.createdAt = Instant.now(clock);
        token.createdBy = identity.getPrincipal().getName();
        token.persist();
        for (String slug : token.eventList()) {
            audit.record(slug, null, token.createdBy, false, "TOKEN_CREATED", null, token.name + " (#" + token.id + ")",
                    "API token for telemetry");
        }
        return Response.created(URI.create("/api/tokens/" + token.id))
                .entity(new Created(token.id, token.name, token.eventList(), secret)).build();
    }

    @DELETE
    @Path("{id}")
    @Transactional
    public Response revoke(@PathParam("id") long id) {
        ApiToken token = ApiToken.<ApiToken>findByIdOptional(id).filter(t -> t.revokedAt == null)
                .orElseThrow(() -> ProblemException.notFound("There is no active API token #" + id + "."));
        token.revokedAt = Instant.now(clock);
        cache.forget(id);
        for (String slug : token.eventList()) {
            audit.record(slug, null, identity.getPrincipal().getName(), false, "TOKEN_REVOKED",
                    token.name + " (#" + id + ")", null, "API token revoked");
        }
        return Response.noContent().build();
    }
}
