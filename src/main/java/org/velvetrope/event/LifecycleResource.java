package org.velvetrope.event;

import java.net.URI;
import java.time.Instant;
import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.security.Roles;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.quarkus.security.identity.SecurityIdentity;

/** State transitions and PR's VOD approvals. */
@Path("/api/events/{slug}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class LifecycleResource {

    public record Transition(EventState to, String reason) {
    }

    public record NewApproval(String vodUrl, String note) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ApprovalView(long id, String vodUrl, String note, String approvedBy, Instant approvedAt,
            Instant voidedAt, String voidedWhy, boolean standing) {
        static ApprovalView of(VodApproval a) {
            return new ApprovalView(a.id, a.vodUrl, a.note, a.approvedBy, a.approvedAt, a.voidedAt, a.voidedWhy,
                    a.voidedAt == null);
        }
    }

    @Inject
    Lifecycle lifecycle;

    @Inject
    SecurityIdentity identity;

    @POST
    @Path("transitions")
    @RolesAllowed(Roles.OPS)
    public EventDefinition transition(@PathParam("slug") String slug,
            @NotNull(message = "the request body must be {to, reason}") Transition transition) {
        return lifecycle.transition(slug, transition.to(), transition.reason(), identity.getPrincipal().getName());
    }

    @POST
    @Path("vod-approvals")
    @RolesAllowed(Roles.PR)
    public Response approve(@PathParam("slug") String slug,
            @NotNull(message = "the request body must be {vodUrl, note}") NewApproval approval) {
        VodApproval created = lifecycle.approve(slug, approval.vodUrl(), approval.note(),
                identity.getPrincipal().getName());
        return Response.created(URI.create("/api/events/" + slug + "/vod-approvals/" + created.id))
                .entity(ApprovalView.of(created)).build();
    }

    @GET
    @Path("vod-approvals")
    @RolesAllowed({ Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN })
    public List<ApprovalView> approvals(@PathParam("slug") String slug) {
        return lifecycle.approvals(slug).stream().map(ApprovalView::of).toList();
    }
}
