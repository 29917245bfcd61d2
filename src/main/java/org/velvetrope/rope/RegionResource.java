package org.velvetrope.rope;

import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.velvetrope.event.EventResource;
import org.velvetrope.security.Roles;

import io.quarkus.security.identity.SecurityIdentity;

/** Regions of an event as ops see them, and the manual half of the velvet rope: cap, pin, unpin. */
@Path("/api/events/{slug}/regions")
@RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
@Produces(MediaType.APPLICATION_JSON)
public class RegionResource {

    @Inject
    Rope rope;

    @Inject
    RegionStates states;

    @Inject
    CapService caps;

    @Inject
    SecurityIdentity identity;

    @GET
    public List<RegionState> regions(@PathParam("slug") String slug) {
        EventView view = rope.current().event(slug);
        if (view == null) {
            throw EventResource.noSuchEvent(slug);
        }
        return view.regions().stream().map(r -> states.of(view, r)).toList();
    }

    @GET
    @Path("{region}")
    public RegionState region(@PathParam("slug") String slug, @PathParam("region") String region) {
        return caps.state(slug, region);
    }

    @PUT
    @Path("{region}/cap")
    @RolesAllowed(Roles.OPS)
    @Consumes(MediaType.APPLICATION_JSON)
    public RegionState cap(@PathParam("slug") String slug, @PathParam("region") String region,
            @NotNull(message = "the request body must be a cap: {top, pin, hard, reason, version}") @Valid CapRequest request) {
        return caps.setCap(slug, region, request, identity.getPrincipal().getName(), false);
    }

    @DELETE
    @Path("{region}/pin")
    @RolesAllowed(Roles.OPS)
    public RegionState unpin(@PathParam("slug") String slug, @PathParam("region") String region,
            @QueryParam("reason") String reason) {
        return caps.unpin(slug, region, reason, identity.getPrincipal().getName());
    }
}
