package io.mizani.bootstrap.payment;

import java.util.Map;

import io.mizani.bootstrap.support.ProfileUnion;
import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * One Quarkus start for the MTN, Airtel and Paystack rail tests instead of three: each rail points at its own
 * WireMock server on its own port, with the settings its test wrote ({@link MtnRailApiTest.WithMtn},
 * {@link AirtelRailApiTest.WithAirtel}, {@link PaystackRailApiTest.WithPaystack}: the same lookup interval, pending
 * deadline and provider timeout). {@link MtnRefundApiTest} keeps its own start: it looks rails up every 300 ms.
 */
public class RailStubs implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return ProfileUnion.of(new MtnRailApiTest.WithMtn(), new AirtelRailApiTest.WithAirtel(),
                new PaystackRailApiTest.WithPaystack());
    }
}
