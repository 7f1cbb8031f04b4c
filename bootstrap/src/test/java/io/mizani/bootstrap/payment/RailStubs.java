package io.mizani.bootstrap.payment;

import java.util.Map;

import io.mizani.bootstrap.console.ConsoleSessionTest;
import io.mizani.bootstrap.support.ProfileUnion;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * One Quarkus start for the MTN, Airtel and Paystack rail tests instead of three: each rail points at its own
 * WireMock server on its own port, with the settings its test wrote ({@link MtnRailApiTest.WithMtn},
 * {@link AirtelRailApiTest.WithAirtel}, {@link PaystackRailApiTest.WithPaystack}: the same lookup interval, pending
 * deadline and provider timeout). {@link MtnRefundApiTest} keeps its own start: it looks rails up every 300 ms.
 *
 * <p>The same start serves the classes that need a start of their own but no setting of it (each profile costs an
 * augmentation and a start, about 20 s in CI): the restart tests ({@code DataSurvivesRestartTest},
 * {@link CallbacksSurviveRestartTest}), which read what the tests without a profile wrote before the application
 * and its embedded PostgreSQL were stopped and started again, and {@code DatabaseOutageTest}, which stops the
 * database under the running application and asserts that it recovers by itself. None of them pays or looks up at
 * MTN, Airtel or Paystack. So does the console's session test ({@link ConsoleSessionTest.ShortSessions}: a 3 s
 * idle timeout of console sessions, which none of the others opens). Quarkus runs one profile's classes together in
 * the order of their names: the console's sessions first, then the outage, then the rail and restart tests on the
 * application that recovered from it.
 */
public class RailStubs implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return ProfileUnion.of(new MtnRailApiTest.WithMtn(), new AirtelRailApiTest.WithAirtel(),
                new PaystackRailApiTest.WithPaystack(), new ConsoleSessionTest.ShortSessions());
    }
}
