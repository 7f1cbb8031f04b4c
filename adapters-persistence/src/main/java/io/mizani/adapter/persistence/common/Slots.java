package io.mizani.adapter.persistence.common;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Hot accounts (docs/architecture.md "Hot accounts"): a service wallet or a payment balance is {@link #COUNT}
 * sub-balance rows ("slots"), each with its own CHECK (never below zero); the balance is their sum. A debit takes the
 * richest slot no other transaction holds (SKIP LOCKED), else waits on one slot that covers it, else (no single slot
 * covers it) locks every slot in slot order and refuses only when the total cannot cover it; that last path also
 * rebalances: it re-spreads what is left with {@link #spread} in whole units of the debit, so the next debits of that
 * size find a slot again. Credits land on the poorest free slot.
 */
public final class Slots {

    /** Slots of a newly opened account (V13 converted every existing account to the same number). */
    public static final int COUNT = 8;

    private Slots() {
    }

    /**
     * {@code total} over {@code n} slots in whole units of {@code unit} (round robin, so slot 0 gets the extra
     * units first); what is left below one unit goes to slot 0. The shares add up to {@code total} exactly.
     */
    public static BigDecimal[] spread(BigDecimal total, BigDecimal unit, int n) {
        BigDecimal u = unit.signum() > 0 ? unit : new BigDecimal("0.01");
        long units = total.divide(u, 0, RoundingMode.DOWN).longValueExact();
        BigDecimal rest = total.subtract(u.multiply(BigDecimal.valueOf(units)));
        BigDecimal[] shares = new BigDecimal[n];
        for (int i = 0; i < n; i++) {
            long mine = units / n + (i < units % n ? 1 : 0);
            shares[i] = u.multiply(BigDecimal.valueOf(mine)).setScale(2, RoundingMode.UNNECESSARY);
        }
        shares[0] = shares[0].add(rest).setScale(2, RoundingMode.UNNECESSARY);
        return shares;
    }
}
