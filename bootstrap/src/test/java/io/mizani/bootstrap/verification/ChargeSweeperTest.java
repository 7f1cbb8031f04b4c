package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.verification.LookupRecord;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.LookupId;
import io.mizani.application.verification.LookupStore;
import io.mizani.application.verification.SettleStrandedCharges;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.billing.ChargeStatus;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ChargeSweeperTest {

    @Inject
    LookupStore lookups;
    @Inject
    WalletCharges wallet;
    @Inject
    UnitOfWork uow;
    @Inject
    SettleStrandedCharges sweeper;

    @Test
    void a_call_charged_but_never_settled_is_reversed_by_the_sweeper() {
        Merchant m = platformMerchant("100");
        String lookupId = "vt_stranded" + System.nanoTime();
        BigDecimal price = new BigDecimal("40.00");
        Instant longAgo = Instant.now().minus(1, ChronoUnit.HOURS);
        // what a process that died right after step 1 (charge + in-flight record) leaves behind
        uow.run(() -> {
            wallet.debit(m.accountId(), Money.of(price, "KES"), "chg_" + lookupId);
            lookups.insert(LookupRecord.inFlight(LookupId.of(lookupId), AccountId.of(m.accountId()),
                    new LookupRecord.Subject("national_id_ke", "national_id", "KE", "hash",
                            "12\u2022\u2022\u2022\u202278", "cache-key"),
                    "sandbox", new LookupRecord.Charge(Money.of(price, "KES"), "chg_" + lookupId,
                            ChargeStatus.CHARGED), longAgo));
        });
        assertEquals(60f, balance(m));
        sweeper.sweep(1000);
        assertEquals(100f, balance(m));
        m.as().get("/api/v1/kyc/lookups").then().statusCode(200)
                .body("[0].id", equalTo(lookupId))
                .body("[0].status", equalTo("error"))
                .body("[0].charge_status", equalTo("refunded"))
                .body("[0].charged_amount", equalTo(40.0f));
        sweeper.sweep(1000);
        assertEquals(100f, balance(m), "a settled call is never refunded twice");
    }
}
