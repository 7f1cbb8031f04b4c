package io.mizani.bootstrap.support;

import java.util.HashMap;
import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * Test profiles that several test classes share so that they take one Quarkus start instead of one each (every
 * profile costs an augmentation and a start, about 20 s in CI): the union of the profiles' settings, refused when
 * two of them set one key to different values (then they cannot share a start).
 */
public final class ProfileUnion {

    private ProfileUnion() {
    }

    public static Map<String, String> of(QuarkusTestProfile... profiles) {
        Map<String, String> union = new HashMap<>();
        for (QuarkusTestProfile profile : profiles) {
            profile.getConfigOverrides().forEach((key, value) -> {
                String before = union.putIfAbsent(key, value);
                if (before != null && !before.equals(value)) {
                    throw new IllegalStateException("the profiles disagree on " + key + ": " + before + " / " + value);
                }
            });
        }
        return union;
    }
}
