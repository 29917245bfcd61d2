package org.velvetrope.viewer;

import static io.restassured.RestAssured.given;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.velvetrope.TestApi;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** X-Forwarded-For from a peer that is not a trusted proxy is ignored: the socket address decides. */
@QuarkusTest
@TestProfile(UntrustedProxyTest.OnlyAnotherProxyIsTrusted.class)
class UntrustedProxyTest {

    public static class OnlyAnotherProxyIsTrusted implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.proxy.trusted-proxies", "192.0.2.10");
        }
    }

    @Test
    void forwardedForFromAnUntrustedPeerIsIgnored() {
        String slug = TestApi.createEvent("untrusted");
        // The test client is 127.0.0.1: not in GeoIP, not internal → the default region, whatever the header says.
        for (String claimed : new String[] { "81.2.69.142", "8.8.8.8", "10.1.2.3" }) {
            given().header("X-Forwarded-For", claimed).get("/events/" + slug).then().statusCode(200)
                    .header("X-Velvet-Region", "ROW");
        }
    }
}
