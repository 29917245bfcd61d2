package org.velvetrope.security;

import java.util.Set;

/** The roles of the product. {@code admin} holds all of them. */
public final class Roles {

    public static final String OPS = "ops";
    public static final String PR = "pr";
    public static final String REPORTER = "reporter";
    public static final String ADMIN = "admin";

    public static final Set<String> ALL = Set.of(OPS, PR, REPORTER, ADMIN);

    private Roles() {
    }
}
