package io.mizani.bootstrap.restart;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Writes a merchant, a Team and a wallet credit before the service restarts. Quarkus runs the tests without a test
 * profile first; {@link DataSurvivesRestartTest} runs under a profile, after the application and its embedded
 * PostgreSQL were stopped and started again on the same files.
 */
@QuarkusTest
class BeforeRestartTest {

    static final String KEY = "restart-test.before";

    @Test
    void write_data_that_must_outlive_a_restart() {
        var m = TestMerchants.onboard();
        TestMerchants.asOperator().body(Map.of("amount", 1234.5, "reference", "before-restart"))
                .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits").then().statusCode(200);
        System.setProperty(KEY, m.username() + " " + m.password() + " " + m.accountId());
    }
}
