package org.velvetrope.rope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

class AssignmentTokensTest {

    static final long NOW = 1_800_000_000L;
    static final long TTL = 3600;

    private static byte[] key() {
        byte[] k = new byte[32];
        new SecureRandom().nextBytes(k);
        return k;
    }

    @Test
    void issuedTokenVerifiesWithItsClaims() {
        AssignmentTokens tokens = new AssignmentTokens(List.of(key()), TTL);
        String viewer = AssignmentTokens.newViewerId();
        String token = tokens.issue(viewer, "keynote", "EU", "v3000", NOW);
        AssignmentToken read = tokens.verify(token, "keynote", NOW + 10).token();
        assertEquals(new AssignmentToken(viewer, "keynote", "EU", "v3000", NOW, read.keyId()), read);
    }

    @Test
    void changingAnyPartOfTheTokenMakesItForged() {
        AssignmentTokens tokens = new AssignmentTokens(List.of(key()), TTL);
        String token = tokens.issue("abc", "keynote", "EU", "v1200", NOW);
        String upgraded = token.replace(".v1200.", ".v6000.");
        assertEquals(AssignmentToken.Rejection.FORGED, tokens.verify(upgraded, "keynote", NOW).rejection());
        String moved = token.replace(".EU.", ".NA.");
        assertEquals(AssignmentToken.Rejection.FORGED, tokens.verify(moved, "keynote", NOW).rejection());
        AssignmentTokens other = new AssignmentTokens(List.of(key()), TTL);
        assertEquals(AssignmentToken.Rejection.FORGED,
                other.verify(token, "keynote", NOW).rejection(), "another key's token is not ours");
    }

    @Test
    void tokenForAnotherEventIsRejected() {
        AssignmentTokens tokens = new AssignmentTokens(List.of(key()), TTL);
        String token = tokens.issue("abc", "keynote", "EU", "v1200", NOW);
        assertEquals(AssignmentToken.Rejection.OTHER_EVENT, tokens.verify(token, "townhall", NOW).rejection());
    }

    @Test
    void expiredTokenIsRejected() {
        AssignmentTokens tokens = new AssignmentTokens(List.of(key()), TTL);
        String token = tokens.issue("abc", "keynote", "EU", "v1200", NOW);
        assertEquals(AssignmentToken.Rejection.EXPIRED, tokens.verify(token, "keynote", NOW + TTL + 1).rejection());
        assertEquals(AssignmentToken.Rejection.EXPIRED,
                tokens.verify(tokens.issue("abc", "keynote", "EU", "v1200", NOW + 3600), "keynote", NOW).rejection(),
                "a token from far in the future is not trusted either");
    }

    @Test
    void malformedTokensAreRejectedWithoutThrowing() {
        AssignmentTokens tokens = new AssignmentTokens(List.of(key()), TTL);
        String good = tokens.issue("abc", "keynote", "EU", "v1200", NOW);
        for (String bad : new String[] { "", "x", "1.2.3", good + ".extra", "2" + good.substring(1),
                good.replace("." + NOW + ".", ".notanumber."), good.substring(0, good.lastIndexOf('.') + 1) + "!!!",
                "1..abc.keynote.EU.v1.1.sig", "a".repeat(600) }) {
            AssignmentTokens.Verified v = tokens.verify(bad, "keynote", NOW);
            assertNull(v.token(), bad);
        }
        assertEquals(AssignmentToken.Rejection.MALFORMED, tokens.verify("garbage", "keynote", NOW).rejection());
        assertEquals(AssignmentToken.Rejection.MALFORMED, tokens.verify(null, "keynote", NOW).rejection());
    }

    @Test
    void previousKeysStillVerifyAfterRotationButNoLongerSign() {
        byte[] oldKey = key();
        byte[] newKey = key();
        AssignmentTokens before = new AssignmentTokens(List.of(oldKey), TTL);
        String oldToken = before.issue("abc", "keynote", "EU", "v1200", NOW);

        AssignmentTokens after = new AssignmentTokens(List.of(newKey, oldKey), TTL);
        assertEquals("v1200", after.verify(oldToken, "keynote", NOW).token().top());
        String fresh = after.issue("abc", "keynote", "EU", "v1200", NOW);
        assertEquals(AssignmentToken.Rejection.FORGED, before.verify(fresh, "keynote", NOW).rejection(),
                "new tokens are signed with the new key");
        AssignmentTokens retired = new AssignmentTokens(List.of(newKey), TTL);
        assertEquals(AssignmentToken.Rejection.FORGED, retired.verify(oldToken, "keynote", NOW).rejection());
    }

    @Test
    void keysShorterThan32BytesAreRefused() {
        String shortKey = Base64.getEncoder().encodeToString(new byte[16]);
        assertThrows(IllegalStateException.class, () -> AssignmentTokens.decode("velvet.token.key", shortKey));
        assertThrows(IllegalStateException.class, () -> AssignmentTokens.decode("velvet.token.key", "not base64!"));
        assertEquals(32, AssignmentTokens.decode("k", Base64.getEncoder().encodeToString(new byte[32])).length);
    }
}
