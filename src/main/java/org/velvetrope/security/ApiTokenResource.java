package org.velvetrope.security;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
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

import io.quarkus.security.identity.SecurityIdentity;

/** API tokens for machines: created by admins, shown once, stored hashed, revocable. */
@Path("/api/tokens")
@RolesAllowed(Roles.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ApiTokenResource {

    public record NewToken(
            @NotBlank(message = "name is required") @Size(max = 100, message = "name must be at most 100 characters") String name,
            @NotEmpty(message = "events must name at least one event") List<@NotBlank(message = "an event slug cannot be blank") String> events) {
    }

    public record TokenView(long id, String name, List<String> events, Instant createdAt, String createdBy) {
        public static TokenView of(ApiToken t) {
            return new TokenView(t.id, t.name, t.eventList(), t.createdAt, t.createdBy);
        }
    }

    @Inject
    ApiTokens tokens;

    @Inject
    SecurityIdentity identity;

    @GET
    public List<TokenView> list() {
        return ApiToken.listActive().stream().map(TokenView::of).toList();
    }

    @POST
    public Response create(@NotNull(message = "the request body must be {name, events}") @Valid NewToken request) {
        ApiTokens.Created created = tokens.create(request.name(), request.events(), identity.getPrincipal().getName());
        return Response.created(URI.create("/api/tokens/" + created.id())).entity(created).build();
    }

    @DELETE
    @Path("{id}")
    public Response revoke(@PathParam("id") long id) {
        tokens.revoke(id, identity.getPrincipal().getName());
        return Response.noContent().build();
    }
}
