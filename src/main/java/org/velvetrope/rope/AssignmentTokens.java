package org.velvetrope.rope;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;
import org.velvetrope.VelvetConfig;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.Startup;

/**
 * Signs and verifies assignment tokens with HMAC-SHA256. Format (all parts cookie- and URL-safe):
 * {@code 1.<keyId>.<viewerId>.<event>.<region>.<top>.<issuedAt>.<signature>}. The current key signs; previous
 * keys still verify, so keys can be rotated without sending every viewer back to square one.
 */
@Startup
@Singleton
public class AssignmentTokens {

    static final int MIN_KEY_BYTES = 32;
    static final String FORMAT = "1";
    private static final Logger LOG = Logger.getLogger(AssignmentTokens.class);
    private static final String ALGORITHM = "HmacSHA256";
    /** Tolerated clock difference between replicas for tokens issued "in the future". */
    private static final long SKEW_SECONDS = 60;

    private final String currentKeyId;
    private final Map<String, ThreadLocal<Mac>> macs;
    private final long ttlSeconds;

    /** Outcome of reading a presented token: the token, or why it was ignored. */
    public record Verified(AssignmentToken token, AssignmentToken.Rejection rejection) {
        static Verified ok(AssignmentToken t) {
            return new Verified(t, null);
        }

        static Verified rejected(AssignmentToken.Rejection r) {
            return new Verified(null, r);
        }
    }

    @Inject
    public AssignmentTokens(VelvetConfig config) {
        this(keys(config), config.token().ttl().toSeconds());
    }

    AssignmentTokens(List<byte[]> keys, long ttlSeconds) {
        Map<String, ThreadLocal<Mac>> byId = new LinkedHashMap<>();
        for (byte[] key : keys) {
            byte[] copy = key.clone();
            byId.putIfAbsent(keyId(copy), ThreadLocal.withInitial(() -> newMac(copy)));
        }
        this.currentKeyId = keyId(keys.get(0));
        this.macs = Map.copyOf(byId);
        this.ttlSeconds = ttlSeconds;
    }

    static List<byte[]> keys(VelvetConfig config) {
        List<byte[]> keys = new ArrayList<>();
        String current = config.token().key().filter(k -> !k.isBlank()).orElse(null);
        if (current == null) {
            if (LaunchMode.current() == LaunchMode.NORMAL) {
                throw new IllegalStateException("velvet.token.key is not set: give a base64 key of at least "
                        + MIN_KEY_BYTES + " bytes (e.g. `openssl rand -base64 32`), the same on every replica");
            }
            byte[] random = new byte[MIN_KEY_BYTES];
            new SecureRandom().nextBytes(random);
            LOG.warn("velvet.token.key is not set: using a random key; assignments will not survive a restart "
                    + "(development and tests only)");
            keys.add(random);
        } else {
            keys.add(decode("velvet.token.key", current));
        }
        for (String previous : config.token().previousKeys().orElse(List.of())) {
            if (!previous.isBlank()) {
                keys.add(decode("velvet.token.previous-keys", previous));
            }
        }
        return keys;
    }

    static byte[] decode(String name, String base64) {
        byte[] key;
        try {
            key = Base64.getDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(name + " is not valid base64");
        }
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalStateException(name + " must hold at least " + MIN_KEY_BYTES + " bytes (it has "
                    + key.length + ")");
        }
        return key;
    }

    static String keyId(byte[] key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key);
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Mac newMac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available", e);
        }
    }

    /** A fresh random viewer id: 128 bits, base64url. */
    public static String newViewerId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        byte[] id = new byte[16];
        random.nextBytes(id);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    }

    public String issue(String viewerId, String event, String region, String top, long issuedAt) {
        StringBuilder sb = new StringBuilder(120);
        sb.append(FORMAT).append('.').append(currentKeyId).append('.').append(viewerId).append('.').append(event)
                .append('.').append(region).append('.').append(top).append('.').append(issuedAt);
        byte[] signature = macs.get(currentKeyId).get().doFinal(sb.toString().getBytes(StandardCharsets.US_ASCII));
        sb.append('.');
        sb.append(Base64.getUrlEncoder().withoutPadding().encodeToString(signature));
        return sb.toString();
    }

    /** Reads a presented token; never throws on bad input. */
    public Verified verify(String token, String event, long nowSeconds) {
        if (token == null || token.isEmpty() || token.length() > 512) {
            return Verified.rejected(AssignmentToken.Rejection.MALFORMED);
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != 8 || !FORMAT.equals(parts[0])) {
            return Verified.rejected(AssignmentToken.Rejection.MALFORMED);
        }
        for (int i = 1; i < 7; i++) {
            if (parts[i].isEmpty()) {
                return Verified.rejected(AssignmentToken.Rejection.MALFORMED);
            }
        }
        long issuedAt;
        byte[] presented;
        try {
            issuedAt = Long.parseLong(parts[6]);
            presented = Base64.getUrlDecoder().decode(parts[7]);
        } catch (IllegalArgumentException e) {
            return Verified.rejected(AssignmentToken.Rejection.MALFORMED);
        }
        ThreadLocal<Mac> mac = macs.get(parts[1]);
        if (mac == null) {
            return Verified.rejected(AssignmentToken.Rejection.FORGED);
        }
        int signedLength = token.length() - parts[7].length() - 1;
        byte[] expected = mac.get().doFinal(token.substring(0, signedLength).getBytes(StandardCharsets.US_ASCII));
        if (!MessageDigest.isEqual(expected, presented)) {
            return Verified.rejected(AssignmentToken.Rejection.FORGED);
        }
        if (!parts[3].equals(event)) {
            return Verified.rejected(AssignmentToken.Rejection.OTHER_EVENT);
        }
        if (issuedAt > nowSeconds + SKEW_SECONDS || nowSeconds - issuedAt > ttlSeconds) {
            return Verified.rejected(AssignmentToken.Rejection.EXPIRED);
        }
        return Verified.ok(new AssignmentToken(parts[2], parts[3], parts[4], parts[5], issuedAt, parts[1]));
    }

    public long ttlSeconds() {
        return ttlSeconds;
    }
}
