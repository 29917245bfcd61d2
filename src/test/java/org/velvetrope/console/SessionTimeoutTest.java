package org.velvetrope.console;

import static org.hamcrest.Matchers.endsWith;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** A console session ends after the configured time without activity. */
@QuarkusTest
@TestProfile(SessionTimeoutTest.ShortSessions.class)
class SessionTimeoutTest {

    public static class ShortSessions implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.auth.form.timeout", "PT2S", "quarkus.http.auth.form.new-cookie-interval",
                    "PT1S");
        }
    }

    @Test
    void idleSessionExpires() throws InterruptedException {
        TestApi.ops();
        ConsoleTest.Browser ops = ConsoleTest.signIn("ops-user", TestApi.PASSWORD);
        ops.get("/ops").then().statusCode(200);
        Thread.sleep(3500);
        ops.get("/ops").then().statusCode(302).header("Location", endsWith("/ops/login"));
    }
}
