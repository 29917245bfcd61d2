package org.velvetrope.event;

import java.net.URI;
import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.security.Roles;
import org.velvetrope.web.ProblemException;

import io.quarkus.security.identity.SecurityIdentity;

/** The admin API for events: ladder, regions, internal networks, multicast, thresholds. */
@Path("/api/events")
@RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class EventResource {

    static final int MAX_AUDIT = 1000;

    @Inject
    EventService events;

    @Inject
    SecurityIdentity identity;

    @GET
    public List<EventDefinition> list() {
        return events.list();
    }

    @POST
    @RolesAllowed({ Roles.OPS, Roles.ADMIN })
    public Response create(@NotNull(message = "the request body must be an event") @Valid EventDefinition definition) {
        EventDefinition created = events.create(definition, identity.getPrincipal().getName());
        return Response.created(URI.create("/api/events/" + created.slug())).entity(created).build();
    }

    @GET
    @Path("{slug}")
    public EventDefinition get(@PathParam("slug") String slug) {
        return events.find(slug).orElseThrow(() -> noSuchEvent(slug));
    }

    @PUT
    @Path("{slug}")
    @RolesAllowed({ Roles.OPS, Roles.ADMIN })
    public EventDefinition update(@PathParam("slug") String slug,
            @NotNull(message = "the request body must be an event") @Valid EventDefinition definition) {
        return events.update(slug, definition, identity.getPrincipal().getName()).orElseThrow(() -> noSuchEvent(slug));
    }

    @GET
    @Path("{slug}/audit")
    public List<AuditView> audit(@PathParam("slug") String slug, @QueryParam("limit") @DefaultValue("200") int limit) {
        if (limit < 1 || limit > MAX_AUDIT) {
            throw ProblemException.badRequest("limit", "limit must be between 1 and " + MAX_AUDIT);
        }
        if (!Event.existsWithSlug(slug)) {
            throw noSuchEvent(slug);
        }
        return AuditEntry.latestForEvent(slug, limit).stream().map(AuditView::of).toList();
    }

    public static ProblemException noSuchEvent(String slug) {
        return ProblemException.notFound("There is no event '" + slug + "'.");
    }
}
