package io.mizani.bootstrap.operator;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Four eyes at the default threshold (MIZANI_APPROVAL_THRESHOLD_USD=1000; the test profile's own is out of reach, so
 * that other tests' adjustments apply at once).
 */
public class DefaultThresholdProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("mizani.approval-threshold-usd", "1000");
    }
}
