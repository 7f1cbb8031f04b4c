package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.domain.common.Money;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A merchant's payment balance is opened (its header and slots inserted) by its first movement. A transaction that
 * opens it and moves it twice, then rolls back, takes the header and slots away with it: the next movement, in a
 * transaction of its own, opens the balance again. (The ledger remembered a balance as open as soon as a second
 * movement in the same transaction found the header it had just inserted itself; after the rollback every later
 * movement of that merchant found no slots. The payment worker's shared final writes do exactly that: two credits of
 * a new merchant in one transaction, rolled back when another payment of it cannot be written.)
 */
class BalanceOpenRollbackTest {

    @Test
    void a_balance_opened_in_a_transaction_that_rolled_back_is_opened_again_by_the_next_movement() {
        var ds = TestDatabase.migrated("balance_open_rollback").withTeam().dataSource();
        Sql sql = new Sql(ds);
        JdbcBalanceLedger ledger = new JdbcBalanceLedger();
        ledger.sql = sql;
        IllegalStateException rolledBack = assertThrows(IllegalStateException.class,
                () -> sql.inNewTransaction(Duration.ofMinutes(1), () -> {
                    ledger.adjust(1, kes("10.00"), "first", "test");
                    ledger.adjust(1, kes("20.00"), "second", "test");
                    throw new IllegalStateException("rolled back by the test");
                }));
        assertEquals("rolled back by the test", rolledBack.getMessage());
        assertEquals(0L, slots(sql), "the rollback took the balance away");

        BalanceLedger.Adjustment after = sql.inNewTransaction(Duration.ofMinutes(1),
                () -> ledger.adjust(1, kes("30.00"), "third", "test"));
        assertEquals(BalanceLedger.Outcome.APPLIED, after.outcome());
        assertEquals(8L, slots(sql), "opened again, with its slots");
        assertEquals(0, new BigDecimal("30.00").compareTo(sql.with(h -> h.createQuery(
                "SELECT sum(available) FROM payment_balance_slots WHERE account_id = 1 AND currency = 'KES'")
                .mapTo(BigDecimal.class).one())));
    }

    static long slots(Sql sql) {
        return sql.with(h -> h.createQuery(
                "SELECT count(*) FROM payment_balance_slots WHERE account_id = 1 AND currency = 'KES'")
                .mapTo(Long.class).one());
    }

    static Money kes(String amount) {
        return Money.of(new BigDecimal(amount), "KES");
    }
}
