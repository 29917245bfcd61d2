package org.velvetrope.rope;

/**
 * What one viewer was given, as carried in the signed token: viewer id, event, region, top rendition, issue time
 * (epoch seconds) and the id of the key that signed it.
 */
public record AssignmentToken(String viewerId, String event, String region, String top, long issuedAt,
        String keyId) {

    /** Why a presented token was ignored. */
    public enum Rejection {
        MALFORMED, FORGED, EXPIRED, OTHER_EVENT
    }
}
