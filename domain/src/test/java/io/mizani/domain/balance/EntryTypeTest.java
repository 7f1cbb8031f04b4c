package io.mizani.domain.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ledger's entry types a merchant sees: platform.md sections 9 and 15, not a payout batch's own two. */
class EntryTypeTest {

    @Test
    void a_merchant_sees_the_contracts_six_types_and_never_a_batchs_own_entries() {
        assertEquals(List.of("collection", "withdrawal_reserve", "withdrawal_release", "adjustment", "refund_reserve",
                "refund_release"), Arrays.stream(EntryType.values()).filter(EntryType::merchantLine)
                .map(EntryType::wire).toList());
        assertEquals(List.of("payout_batch_reserve", "payout_batch_release"), Arrays.stream(EntryType.values())
                .filter(t -> !t.merchantLine()).map(EntryType::wire).toList());
    }
}
