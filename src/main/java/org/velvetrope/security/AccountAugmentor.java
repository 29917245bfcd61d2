package org.velvetrope.security;

import jakarta.enterprise.context.ApplicationScoped;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;

/**
 * Every signed-in person: a disabled account is refused (also for a console session that is still open), and
 * {@code admin} gets all the other roles. API-token identities pass unchanged.
 */
@ApplicationScoped
public class AccountAugmentor implements SecurityIdentityAugmentor {

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        if (identity.isAnonymous() || identity.hasRole(TokenAuthentication.ROLE)) {
            return Uni.createFrom().item(identity);
        }
        String name = identity.getPrincipal().getName();
        return context.runBlocking(() -> {
            boolean enabled = QuarkusTransaction.joiningExisting()
                    .call(() -> User.findByUsername(name).map(u -> u.enabled).orElse(false));
            if (!enabled) {
                throw new AuthenticationFailedException();
            }
            if (!identity.hasRole(Roles.ADMIN)) {
                return identity;
            }
            return QuarkusSecurityIdentity.builder(identity).addRoles(Roles.ALL).build();
        });
    }
}
