package io.mizani.bootstrap.support;

import java.util.Map;

import io.mizani.bootstrap.refund.ReversalStatusLookupTest;
import io.mizani.bootstrap.verification.SmileIdRoutingTest;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * One Quarkus start in live mode for the tests that run against stubs of real providers' documented APIs instead of
 * one each: Daraja for M-Pesa reversals ({@link ReversalStatusLookupTest.LiveWithDaraja}), Smile ID and Dojah for
 * verification routing ({@link SmileIdRoutingTest.LiveWithSmileId}), each on its own WireMock port.
 */
public class LiveProviderStubs implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return ProfileUnion.of(new ReversalStatusLookupTest.LiveWithDaraja(), new SmileIdRoutingTest.LiveWithSmileId());
    }
}
