package io.mizani.domain.payment;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** The network's min and max are amounts a payment may carry (inclusive bounds). */
class AmountBoundsTest {

    private static final Network CHEAP = new Network(
            new Network.Identity("mpesa_ke", "KE", "net_mpesa_ke", "M-Pesa", "MPESA"),
            new Network.Channel("ch_mpesa_ke_withdraw", Rail.MOMO, RampType.WITHDRAW, "wallet"),
            new Network.Limits(Money.of(new BigDecimal("10"), "KES"), Money.of(new BigDecimal("150000"), "KES"),
                    Money.of(new BigDecimal("5"), "KES")), true);

    @Test
    void the_minimum_and_the_maximum_themselves_are_accepted() {
        assertDoesNotThrow(() -> AmountRules.check(new BigDecimal("10"), CHEAP));
        assertDoesNotThrow(() -> AmountRules.check(new BigDecimal("150000.00"), CHEAP));
        assertEquals("amount must be between 10 and 150000 KES",
                assertThrows(DomainError.class, () -> AmountRules.check(new BigDecimal("9.99"), CHEAP)).getMessage());
    }
}
