package org.velvetrope.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A machine credential (CDN, log pipeline) for some events. The secret itself is never stored, only its SHA-256. */
@Entity
@Table(name = "api_token")
public class ApiToken extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String name;

    @Column(name = "token_hash", nullable = false, unique = true)
    public String tokenHash;

    /** Event slugs this token may report for, comma separated. */
    @Column(nullable = false)
    public String events;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "created_by", nullable = false)
    public String createdBy;

    @Column(name = "revoked_at")
    public Instant revokedAt;

    public List<String> eventList() {
        return events.isBlank() ? List.of() : Arrays.asList(events.split(","));
    }

    public static Optional<ApiToken> activeWithHash(String hash) {
        return find("tokenHash = ?1 and revokedAt is null", hash).firstResultOptional();
    }

    public static List<ApiToken> listActive() {
        return list("revokedAt is null order by id");
    }

    /** High-entropy secrets need no slow hash: SHA-256 is enough and keeps every request cheap. */
    public static String hash(String secret) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
