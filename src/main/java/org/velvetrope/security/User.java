package org.velvetrope.security;

import java.time.Instant;
import java.util.Optional;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.elytron.security.common.BcryptUtil;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.quarkus.security.jpa.Password;
import io.quarkus.security.jpa.Roles;
import io.quarkus.security.jpa.UserDefinition;
import io.quarkus.security.jpa.Username;

/** A person (or script) who signs in to the API or console. Passwords are stored as bcrypt hashes. */
@Entity
@Table(name = "app_user")
@UserDefinition
public class User extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Username
    @Column(nullable = false, unique = true)
    public String username;

    @Password
    @Column(nullable = false)
    public String password;

    /** Comma-separated role names. */
    @Roles
    @Column(nullable = false)
    public String roles;

    @Column(nullable = false)
    public boolean enabled;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    public static User create(String username, String plainPassword, String roles, int bcryptCost, Instant now) {
        User user = new User();
        user.username = username;
        user.password = BcryptUtil.bcryptHash(plainPassword, bcryptCost);
        user.roles = roles;
        user.enabled = true;
        user.createdAt = now;
        user.persist();
        return user;
    }

    public static Optional<User> findByUsername(String username) {
        return find("username", username).firstResultOptional();
    }
}
