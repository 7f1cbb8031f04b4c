package io.mizani.bootstrap.restart;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.payment.RailStubs;
import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

@QuarkusTest
// a profile makes Quarkus stop the application (and the database) and start both again; the rail stubs' settings
// touch nothing here (RailStubs)
@TestProfile(RailStubs.class)
class DataSurvivesRestartTest {

    @Test
    void credentials_teams_and_balances_survive_a_restart() {
        String saved = System.getProperty(BeforeRestartTest.KEY);
        assertNotNull(saved, "BeforeRestartTest must run before the restart (tests without a profile run first)");
        String[] parts = saved.split(" ");
        given().auth().preemptive().basic(parts[0], parts[1]).get("/api/v2/account/" + parts[2])
                .then().statusCode(200)
                .body("account.service_wallet_balance", equalTo(1234.5f));
        // The demo merchant is not created twice.
        given().auth().preemptive().basic("demo", "demo-secret").get("/api/v2/account/1").then().statusCode(200);
        // A repeated credit reference is still recognised after the restart.
        TestMerchants.asOperator().body(Map.of("amount", 1234.5, "reference", "before-restart"))
                .post("/api/admin/accounts/" + parts[2] + "/service-wallet/credits").then().statusCode(200)
                .body("balance", equalTo(1234.5f));
    }
}
