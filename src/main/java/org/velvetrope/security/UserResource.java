package org.velvetrope.security;

import java.net.URI;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.event.AuditView;

import io.quarkus.security.identity.SecurityIdentity;

/** Users for scripts and set-up: admins add people with roles, change roles, disable and enable them. */
@Path("/api/users")
@RolesAllowed(Roles.ADMIN)
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class UserResource {

    public record NewUser(
            @NotBlank(message = "username is required")
            @Pattern(regexp = "[A-Za-z0-9._@-]{2,100}", message = "username must be 2-100 letters, digits or . _ @ -") String username,
            @NotNull(message = "password is required")
            @Size(min = AdminBootstrap.MIN_PASSWORD, max = 200, message = "password must be 12-200 characters") String password,
            @NotEmpty(message = "roles must name at least one role") List<String> roles) {
    }

    public record UserChange(List<String> roles, Boolean enabled) {
    }

    public record UserView(String username, List<String> roles, boolean enabled, Instant createdAt) {
        static UserView of(User u) {
            return new UserView(u.username, Arrays.asList(u.roles.split(",")), u.enabled, u.createdAt);
        }
    }

    @Inject
    Accounts accounts;

    @Inject
    SecurityIdentity identity;

    @GET
    public List<UserView> list() {
        return accounts.list().stream().map(UserView::of).toList();
    }

    @POST
    public Response create(@NotNull(message = "the request body must be a user") @Valid NewUser user) {
        User created = accounts.create(user.username(), user.password(), user.roles(),
                identity.getPrincipal().getName());
        return Response.created(URI.create("/api/users/" + created.username)).entity(UserView.of(created)).build();
    }

    @PUT
    @Path("{username}")
    public UserView change(@PathParam("username") String username,
            @NotNull(message = "the request body must be {roles?, enabled?}") UserChange change) {
        return UserView.of(accounts.change(username, change.roles(), change.enabled(),
                identity.getPrincipal().getName()));
    }

    @GET
    @Path("audit")
    public List<AuditView> audit() {
        return accounts.audit(200).stream().map(AuditView::of).toList();
    }
}
