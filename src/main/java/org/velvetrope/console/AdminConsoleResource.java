package org.velvetrope.console;

import java.net.URI;
import java.util.List;

import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.velvetrope.VelvetConfig;
import org.velvetrope.rope.EventView;
import org.velvetrope.rope.Rope;
import org.velvetrope.security.Accounts;
import org.velvetrope.security.ApiToken;
import org.velvetrope.security.ApiTokens;
import org.velvetrope.security.Roles;
import org.velvetrope.security.User;
import org.velvetrope.web.ProblemException;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;

/** Admin pages: people and their roles, API tokens for machines. */
@Path("/ops/admin")
@RolesAllowed(Roles.ADMIN)
@Produces(MediaType.TEXT_HTML)
public class AdminConsoleResource {

    @CheckedTemplate
    public static class Templates {
        public static native TemplateInstance users(ConsoleResource.Page page, List<User> users, List<String> roles,
                String message, String error);

        public static native TemplateInstance tokens(ConsoleResource.Page page, List<ApiToken> tokens,
                List<EventView> events, ApiTokens.Created created, String error);
    }

    @Inject
    Accounts accounts;

    @Inject
    ApiTokens tokens;

    @Inject
    Rope rope;

    @Inject
    SecurityIdentity identity;

    @Inject
    VelvetConfig config;

    @CookieParam(ConsoleCsrf.COOKIE)
    String csrfCookie;

    private ConsoleResource.Page page() {
        return new ConsoleResource.Page(identity.getPrincipal().getName(), identity.hasRole(Roles.OPS), true,
                ConsoleCsrf.tokenFor(csrfCookie));
    }

    private Response html(ConsoleResource.Page page, TemplateInstance t, int status) {
        return ConsoleResource.html(page, t, status, csrfCookie, config.cookie().secure());
    }

    private List<String> roleNames() {
        return List.of(Roles.OPS, Roles.PR, Roles.REPORTER, Roles.ADMIN);
    }

    @GET
    @Path("users")
    public Response users() {
        ConsoleResource.Page page = page();
        return html(page, Templates.users(page, accounts.list(), roleNames(), null, null), 200);
    }

    @POST
    @Path("users")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response addUser(@FormParam("username") String username, @FormParam("password") String password,
            @FormParam("roles") List<String> roles, @FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        ConsoleResource.Page page = page();
        try {
            if (username == null || !username.matches("[A-Za-z0-9._@-]{2,100}")) {
                throw ProblemException.badRequest("username", "User names are 2-100 letters, digits or . _ @ -");
            }
            accounts.create(username, password, roles, page.user());
        } catch (ProblemException e) {
            return html(page, Templates.users(page, accounts.list(), roleNames(), null, e.getMessage()), e.status());
        }
        return html(page, Templates.users(page, accounts.list(), roleNames(), "Added " + username + ".", null), 200);
    }

    @POST
    @Path("users/{username}")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response changeUser(@PathParam("username") String username, @FormParam("enabled") String enabled,
            @FormParam("roles") List<String> roles, @FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        ConsoleResource.Page page = page();
        try {
            // The roles form always sends roles (none ticked = an empty list, refused); the enable form sends none.
            accounts.change(username, enabled == null ? (roles == null ? List.of() : roles) : null,
                    enabled == null ? null : Boolean.valueOf(enabled), page.user());
        } catch (ProblemException e) {
            return html(page, Templates.users(page, accounts.list(), roleNames(), null, e.getMessage()), e.status());
        }
        return html(page, Templates.users(page, accounts.list(), roleNames(), "Changed " + username + ".", null), 200);
    }

    @GET
    @Path("tokens")
    public Response tokenList() {
        ConsoleResource.Page page = page();
        return html(page, Templates.tokens(page, ApiToken.listActive(), events(), null, null), 200);
    }

    @POST
    @Path("tokens")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response createToken(@FormParam("name") String name, @FormParam("events") List<String> events,
            @FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        ConsoleResource.Page page = page();
        try {
            ApiTokens.Created created = tokens.create(name, events, page.user());
            return html(page, Templates.tokens(page, ApiToken.listActive(), events(), created, null), 200);
        } catch (ProblemException e) {
            return html(page, Templates.tokens(page, ApiToken.listActive(), events(), null, e.getMessage()),
                    e.status());
        }
    }

    @POST
    @Path("tokens/{id}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response revokeToken(@PathParam("id") long id, @FormParam(ConsoleCsrf.FIELD) String csrf) {
        ConsoleCsrf.check(csrfCookie, csrf);
        tokens.revoke(id, identity.getPrincipal().getName());
        return Response.seeOther(URI.create("/ops/admin/tokens")).build();
    }

    private List<EventView> events() {
        return rope.current().events().stream().sorted((a, b) -> a.slug().compareTo(b.slug())).toList();
    }
}
