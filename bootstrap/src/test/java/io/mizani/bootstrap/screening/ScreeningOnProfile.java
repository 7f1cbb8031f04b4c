package io.mizani.bootstrap.screening;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/** MIZANI_SCREENING=on, with the look-back polled every 200 ms. */
public class ScreeningOnProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("mizani.screening", "on", "mizani.screening-lookback-poll-ms", "200");
    }
}
