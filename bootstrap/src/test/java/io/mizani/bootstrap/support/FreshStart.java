package io.mizani.bootstrap.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * One more Quarkus start, the application and its embedded PostgreSQL stopped and started again on the same files,
 * shared by the classes that need a start of their own instead of one each (each profile costs an augmentation and a
 * start, about 20 s in CI): the restart tests ({@code DataSurvivesRestartTest}, {@code CallbacksSurviveRestartTest},
 * which read what the tests without a profile wrote before the restart) and {@code DatabaseOutageTest}, which stops
 * the database under the running application and asserts that it recovers by itself. Quarkus runs the classes of
 * one profile together, in the order of their names, so the outage comes first and the restart tests run on the
 * application that recovered from it.
 *
 * <p>The settings are those the three profiles had, none of which the tests depend on: a short credential cache
 * (the restart test's) and a request read timeout of 29 s (the outage test's).
 */
public class FreshStart implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("mizani.credential-cache-ttl", "PT4S", "mizani.edge.request-read-timeout", "PT29S");
    }
}
