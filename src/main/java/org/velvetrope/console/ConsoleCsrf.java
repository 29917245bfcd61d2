package org.velvetrope.console;

import java.security.MessageDigest;
import java.security.SecureRandom;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.velvetrope.web.ProblemException;

/**
 * Double-submit CSRF protection for the console's forms: a random token in an HttpOnly, SameSite=Strict cookie and
 * the same value in a hidden field of every form. (Quarkus' REST CSRF filter would also refuse the JSON API's
 * POSTs, which authenticate with Basic or Bearer and need no CSRF token.)
 */
final class ConsoleCsrf {

    static final String COOKIE = "vr_csrf";
    static final String FIELD = "csrf";
    private static final SecureRandom RANDOM = new SecureRandom();

    private ConsoleCsrf() {
    }

    /** The token to put in forms: the cookie's when present, a new one otherwise. */
    static String tokenFor(String cookie) {
        if (cookie != null && cookie.length() >= 32) {
            return cookie;
        }
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String setCookie(String token, boolean secure) {
        return COOKIE + "=" + token + "; Path=/ops; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "");
    }

    static void check(String cookie, String field) {
        if (cookie == null || field == null || cookie.length() < 32
                || !MessageDigest.isEqual(cookie.getBytes(StandardCharsets.US_ASCII),
                        field.getBytes(StandardCharsets.US_ASCII))) {
            throw new ProblemException(403, "Forbidden",
                    "The form has no valid CSRF token; reload the page and try again.", FIELD, null, null);
        }
    }
}
