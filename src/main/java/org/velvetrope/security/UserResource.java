package org.velvetrope.security;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.Audit;
import org.velvetrope.web.ProblemException;

import io.quarkus.security.identity.SecurityIdentity;

/** Users for scripts and set-up: admins add people with roles. */
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

    public record UserView(String username, List<String> roles, boolean enabled, Instant createdAt) {
        static UserView of(User u) {
            return new UserView(u.username, Arrays.asList(u.roles.split(",")), u.enabled, u.createdAt);
        }
    }

    @Inject
    Clock clock;

    @Inject
    VelvetConfig config;

    @Inject
    Audit audit;

    @Inject
    SecurityIdentity identity;

    @GET
    public List<UserView> list() {
        return User.<User>listAll().stream().map(UserView::of).toList();
    }

    @POST
    @Transactional
    public Response create(@NotNull(message = "the request body must be a user") @Valid NewUser user) {
        for (int i = 0; i < user.roles().size(); i++) {
            if (!Roles.ALL.contains(user.roles().get(i))) {
                throw ProblemException.badRequest("roles[" + i + "]",
                        "'" + user.roles().get(i) + "' is not a role; roles are ops, pr, reporter, admin");
            }
        }
        if (User.findByUsername(user.username()).isPresent()) {
            throw ProblemException.conflict("User '" + user.username() + "' already exists.", null);
        }
        String roles = user.roles().stream().distinct().sorted().collect(Collectors.joining(","));
        User created = User.create(user.username(), user.password(), roles, config.admin().bcryptCost(),
                Instant.now(clock));
        audit.record("-", null, identity.getPrincipal().getName(), false, "USER_CREATED", null,
                user.username() + " [" + roles + "]", "user added");
        return Response.created(URI.create("/api/users/" + created.username)).entity(UserView.of(created)).build();
    }
}
