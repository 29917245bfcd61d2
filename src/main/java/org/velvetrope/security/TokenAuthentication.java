package org.velvetrope.security;

import java.util.Collections;
import java.util.Set;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.RoutingContext;

/** {@code Authorization: Bearer <token>} for machines, checked against the stored hashes of API tokens. */
@ApplicationScoped
public class TokenAuthentication {

    /** The identity attribute holding the event slugs a token may report for. */
    public static final String EVENTS = "velvet.events";
    public static final String ROLE = "telemetry";
    private static final String BEARER = "Bearer ";

    @ApplicationScoped
    @Priority(2000)
    public static class Mechanism implements HttpAuthenticationMechanism {

        @Override
        public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
            String header = context.request().getHeader("Authorization");
            if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
                return Uni.createFrom().optional(java.util.Optional.empty());
            }
            String secret = header.substring(BEARER.length()).strip();
            return identities.authenticate(new TokenAuthenticationRequest(new TokenCredential(secret, "bearer")));
        }

        @Override
        public Uni<ChallengeData> getChallenge(RoutingContext context) {
            return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", "Bearer realm=\"velvet-rope\""));
        }

        @Override
        public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
            return Collections.singleton(TokenAuthenticationRequest.class);
        }

        @Override
        public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
            return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer"));
        }
    }

    @ApplicationScoped
    public static class Provider implements IdentityProvider<TokenAuthenticationRequest> {

        @Inject
        ApiTokenCache cache;

        @Override
        public Class<TokenAuthenticationRequest> getRequestType() {
            return TokenAuthenticationRequest.class;
        }

        @Override
        public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request,
                AuthenticationRequestContext context) {
            String hash = ApiToken.hash(request.getToken().getToken());
            ApiTokenCache.Entry cached = cache.get(hash);
            if (cached != null) {
                return Uni.createFrom().item(identity(cached));
            }
            return context.runBlocking(() -> {
                ApiTokenCache.Entry entry = cache.load(hash);
                if (entry == null) {
                    throw new AuthenticationFailedException();
                }
                return identity(entry);
            });
        }

        private static SecurityIdentity identity(ApiTokenCache.Entry entry) {
            return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal("token:" + entry.name()))
                    .addRole(ROLE).addAttribute(EVENTS, entry.events()).build();
        }
    }
}
