package io.mizani.bootstrap.support;

import java.util.Map;

import io.mizani.bootstrap.operator.DefaultThresholdProfile;
import io.mizani.bootstrap.screening.ScreeningOnProfile;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Screening on the money path ({@link ScreeningOnProfile}) and four-eyes at the default threshold
 * ({@link DefaultThresholdProfile}) in one Quarkus start, for the operators', screening and their required-field
 * tests: each test's amounts stay on its side of the threshold, and screening is off in no test that needs it.
 */
public class ScreeningAndFourEyes implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return ProfileUnion.of(new ScreeningOnProfile(), new DefaultThresholdProfile());
    }
}
