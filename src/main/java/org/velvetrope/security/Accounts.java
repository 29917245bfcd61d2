package org.velvetrope.security;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import org.velvetrope.VelvetConfig;
import org.velvetrope.event.Audit;
import org.velvetrope.web.ProblemException;

/** People who sign in: add, disable or enable, change roles. Every change is audited. */
@ApplicationScoped
public class Accounts {

    /** Audit entries about accounts are kept under this pseudo event. */
    public static final String AUDIT_SCOPE = "-";

    @Inject
    Clock clock;

    @Inject
    Audit audit;

    @Inject
    VelvetConfig config;

    public List<User> list() {
        return User.list("order by username");
    }

    static String checkedRoles(List<String> roles, String field) {
        if (roles == null || roles.isEmpty()) {
            throw ProblemException.badRequest(field, "Give at least one role: ops, pr, reporter or admin.");
        }
        for (int i = 0; i < roles.size(); i++) {
            if (!Roles.ALL.contains(roles.get(i))) {
                throw ProblemException.badRequest(field + "[" + i + "]",
                        "'" + roles.get(i) + "' is not a role; roles are ops, pr, reporter, admin");
            }
        }
        return roles.stream().distinct().sorted().collect(Collectors.joining(","));
    }

    @Transactional
    public User create(String username, String password, List<String> roles, String actor) {
        String roleList = checkedRoles(roles, "roles");
        if (password == null || password.length() < AdminBootstrap.MIN_PASSWORD || password.length() > 200) {
            throw ProblemException.badRequest("password", "password must be 12-200 characters");
        }
        if (User.findByUsername(username).isPresent()) {
            throw ProblemException.conflict("User '" + username + "' already exists.", null);
        }
        User created = User.create(username, password, roleList, config.admin().bcryptCost(), Instant.now(clock));
        audit.record(AUDIT_SCOPE, null, actor, false, "USER_CREATED", null, username + " [" + roleList + "]",
                "user added");
        return created;
    }

    @Transactional
    public User change(String username, List<String> roles, Boolean enabled, String actor) {
        User user = User.findByUsername(username)
                .orElseThrow(() -> ProblemException.notFound("There is no user '" + username + "'."));
        String before = describe(user);
        if (roles != null) {
            String next = checkedRoles(roles, "roles");
            if (username.equals(actor) && user.roles.contains(Roles.ADMIN) && !next.contains(Roles.ADMIN)) {
                throw ProblemException.badRequest("roles", "You cannot take the admin role from yourself.");
            }
            user.roles = next;
        }
        if (enabled != null) {
            if (!enabled && username.equals(actor)) {
                throw ProblemException.badRequest("enabled", "You cannot disable your own account.");
            }
            user.enabled = enabled;
        }
        audit.record(AUDIT_SCOPE, null, actor, false, enabled != null && !enabled ? "USER_DISABLED" : "USER_CHANGED",
                before, describe(user), "account changed");
        return user;
    }

    public List<org.velvetrope.event.AuditEntry> audit(int limit) {
        return org.velvetrope.event.AuditEntry.latestForEvent(AUDIT_SCOPE, limit);
    }

    static String describe(User u) {
        return u.username + " [" + u.roles + "]" + (u.enabled ? "" : " disabled");
    }
}
