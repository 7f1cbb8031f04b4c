package io.mizani.bootstrap.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.TransactionView;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payout.PayeeCheck;
import io.mizani.domain.payout.PayeeStatus;
import io.mizani.domain.tenancy.AccountId;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The payments row against the real PostgreSQL: a payment whose every field holds a value no other field holds
 * (every text distinct, every amount and time distinct) is read back with each value in its own place, part by
 * part, and the transaction record shows each in its own key. Two same-typed fields swapped in the store's mapping
 * (remark and payment category, amount and fee, two timestamps...) fail here.
 */
@QuarkusTest
class PaymentStoreRoundTripTest {

    @Inject
    PaymentStore store;
    @Inject
    UnitOfWork unitOfWork;

    @Test
    void a_stored_payment_reads_back_every_field_in_its_own_place() {
        long account = TestMerchants.onboard().accountId();
        String unique = UUID.randomUUID().toString().substring(0, 8);
        var references = new Payment.References(PaymentReference.of("MZPROUNDTRIP" + unique), "ord-" + unique,
                "tok-" + unique);
        var routing = new Payment.Routing(RequestType.WITHDRAWAL, "KE", Rail.BANK, "pesalink_ke", "net-" + unique,
                "chan-" + unique);
        var amounts = new Payment.Amounts(Money.of(new BigDecimal("1290.00"), "KES"),
                Money.of(new BigDecimal("10.00"), "USD"), Money.of(new BigDecimal("50.00"), "KES"));
        var beneficiary = new Payment.Beneficiary(424242, UUID.randomUUID(), Money.of(new BigDecimal("7.00"), "USD"));
        var customer = new Payment.Customer("First", "Last", "first.last@example.com", "+254700000771",
                LocalDate.parse("1990-02-03"), "UG", "NATIONAL_ID", "ID-771");
        var instructions = new Payment.Instructions("ACCT-771", "https://merchant.example/cb",
                "https://merchant.example/back", "the remark", "the category", "the reason");
        var outcome = new Payment.Outcome(PaymentStatus.FAILED, "the failure", "prov-" + unique, 3);
        var times = new Payment.Timestamps(Instant.parse("2026-01-01T00:00:01Z"), Instant.parse("2026-01-01T00:00:02Z"),
                Instant.parse("2026-01-01T00:00:03Z"), Instant.parse("2026-01-01T00:00:04Z"));
        Payment draft = new Payment(0, AccountId.of(account), references, routing, amounts, beneficiary, customer,
                instructions, outcome, times);

        // no check due: no worker touches it
        Payment inserted = unitOfWork.inTransaction(() -> store.insert(draft, null));
        Payment read = unitOfWork.inTransaction(() -> store.findById(inserted.id())).orElseThrow();

        assertTrue(read.id() > 0);
        for (Payment p : new Payment[] {inserted, read}) {
            assertEquals(draft.accountId(), p.accountId());
            assertEquals(references, p.references());
            assertEquals(routing, p.routing());
            assertEquals(amounts, p.amounts());
            assertEquals(beneficiary, p.beneficiary());
            assertEquals(customer, p.customer());
            assertEquals(instructions, p.instructions());
            assertEquals(outcome, p.outcome());
            assertEquals(times, p.times());
        }

        var wire = TransactionView.of(read).asMap();
        assertEquals("ord-" + unique, wire.get("merchant_reference"));
        assertEquals("MZPROUNDTRIP" + unique, wire.get("reference"));
        assertEquals("withdrawal", wire.get("request_type"));
        assertEquals("payout", wire.get("transaction_type"));
        assertEquals("bank", wire.get("transaction_channel"));
        assertEquals("pesalink_ke", wire.get("provider"));
        assertEquals("failed", wire.get("status"));
        assertEquals(new BigDecimal("1290.00"), wire.get("amount"));
        assertEquals("KES", wire.get("currency"));
        assertEquals("KE", wire.get("country"));
        assertEquals(new BigDecimal("10.00"), wire.get("amount_usd"));
        assertEquals(new BigDecimal("50.00"), wire.get("fee"));
        assertEquals(beneficiary.uuid().toString(), wire.get("beneficiary_uuid"));
        assertEquals("the failure", wire.get("failure_reason"));
        assertEquals("prov-" + unique, wire.get("provider_reference"));
        assertEquals("2026-01-01T00:00:01Z", wire.get("created_at"));
        assertEquals("2026-01-01T00:00:02Z", wire.get("updated_at"));
        assertEquals("2026-01-01T00:00:04Z", wire.get("completed_at"));
    }

    /**
     * The store answers an insert with the payment it was given under the new id, not with the row read back
     * (docs/performance.md "The acceptance's own work"): so that answer must be the payment a read of the row gives,
     * field for field, whatever the caller's instants hold below PostgreSQL's microsecond and its amounts beyond
     * cents, for both ways a payment is
     * inserted (due, or leased to the replica's own worker). Another merchant does not find it.
     */
    @Test
    void an_insert_answers_the_payment_its_row_reads_back_to_the_microsecond_and_another_merchant_finds_nothing() {
        long account = TestMerchants.onboard().accountId();
        long other = TestMerchants.onboard().accountId();
        for (boolean leased : new boolean[] {false, true}) {
            String unique = UUID.randomUUID().toString().substring(0, 8);
            Instant at = Instant.parse("2026-03-04T05:06:07.123456789Z");
            Payment draft = Payment.accepted(AccountId.of(account), new Payment.References(
                            PaymentReference.of("MZPINSERT" + unique), "ins-" + unique, null),
                    new Payment.Routing(RequestType.PAYMENT, "KE", Rail.MOMO, "mpesa_ke", "net-" + unique,
                            "chan-" + unique),
                    new Payment.Amounts(Money.of(new BigDecimal("1290.5"), "KES"),
                            Money.of(new BigDecimal("10.005"), "USD"), Money.of(new BigDecimal("0"), "KES")),
                    null,
                    new Payment.Customer("Wanjiru", "Kamau", "w.kamau@example.com", "+254700000772",
                            LocalDate.parse("1991-04-05"), "KE", "NATIONAL_ID", "ID-772"),
                    new Payment.Instructions("254700000772", "https://merchant.example/cb", null, "a remark", null,
                            "a reason", new PayeeCheck(PayeeStatus.RESOLVED, 97)),
                    at);
            // never due while the other tests run (a due payment here would be claimed by their workers): no next
            // check, or a lease that ends long after them
            var farOff = new PaymentStore.Lease("a-worker", Instant.parse("2099-01-01T00:00:00Z"));
            Payment inserted = unitOfWork.inTransaction(() -> leased
                    ? store.insertLeased(draft, at, farOff)
                    : store.insert(draft, null));
            Payment read = unitOfWork.inTransaction(() -> store.findById(inserted.id())).orElseThrow();

            assertEquals(read, inserted, leased ? "inserted leased" : "inserted due");
            assertEquals(Instant.parse("2026-03-04T05:06:07.123456Z"), inserted.times().createdAt());
            assertEquals(new BigDecimal("1290.50"), inserted.amounts().amount().amount());
            assertEquals(new BigDecimal("10.01"), inserted.amounts().amountUsd().amount(), "rounded as numeric rounds");
            assertTrue(unitOfWork.inTransaction(() -> store.findByMerchantReference(other, "ins-" + unique)).isEmpty());
            assertEquals(read, unitOfWork.inTransaction(() -> store.findByMerchantReference(account, "ins-" + unique))
                    .orElseThrow());
        }
    }
}
