package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import java.util.Map;

/** Merchants set up for verification tests. */
final class VerificationSupport {

    private VerificationSupport() {
    }

    /** A fresh merchant on the platform key with {@code balance} KES in its service wallet. */
    static Merchant platformMerchant(String balance) {
        Merchant m = TestMerchants.onboard();
        if (balance != null && !balance.equals("0")) {
            TestMerchants.fund(m, balance);
        }
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        return m;
    }

    static void identityChecksAvailable(Merchant m, boolean available) {
        asOperator().body(Map.of("available", available))
                .put("/api/admin/accounts/" + m.accountId() + "/identity-checks").then().statusCode(200);
    }

    static float balance(Merchant m) {
        return m.as().get("/api/v1/kyc/pricing").then().statusCode(200).extract().jsonPath().getFloat("balance");
    }
}
