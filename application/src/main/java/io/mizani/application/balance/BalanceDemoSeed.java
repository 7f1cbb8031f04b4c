package io.mizani.application.balance;

import io.mizani.application.common.SandboxSeed;

import java.math.BigDecimal;
import java.util.List;

/**
 * The payment-balance part of the sandbox demo merchant: an adjustment of 1,000,000 in every sandbox currency,
 * by fixed references, so seeding twice funds once.
 */
public final class BalanceDemoSeed implements SandboxSeed {

    public static final List<String> CURRENCIES = List.of("KES", "NGN", "GHS", "UGX", "ZAR");
    public static final BigDecimal OPENING = new BigDecimal("1000000.00");

    private final AdjustBalance adjust;

    public BalanceDemoSeed(AdjustBalance adjust) {
        this.adjust = adjust;
    }

    @Override
    public void seedDemo(long accountId) {
        for (String currency : CURRENCIES) {
            adjust.adjust(new AdjustBalance.Command(accountId, currency, OPENING,
                    "sandbox-demo-opening-balance-" + currency, "sandbox demo merchant opening balance"));
        }
    }
}
