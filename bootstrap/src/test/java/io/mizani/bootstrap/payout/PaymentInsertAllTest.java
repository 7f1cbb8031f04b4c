package io.mizani.bootstrap.payout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payout.PayeeCheck;
import io.mizani.domain.payout.PayeeStatus;
import io.mizani.domain.tenancy.AccountId;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;

/**
 * A payout batch's payments go in as one INSERT ... SELECT FROM unnest of text arrays, each cast to its column's
 * type. Read back, a payment stored that way equals the same payment stored by the single-payment insert (bound
 * parameters) in every field: amounts, customer with date of birth and sealed identifiers, beneficiary, payee check,
 * timestamps; and one with every optional field absent stays absent.
 */
@QuarkusTest
class PaymentInsertAllTest {

    @Inject
    PaymentStore store;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    DataSource dataSource;

    @Test
    void a_batch_payment_reads_back_as_the_same_payment_stored_alone_field_for_field() throws Exception {
        var m = PayoutBatchApiTest.funded(null);
        String ref = "insert-all-" + System.nanoTime();
        long batchId = batch(m, ref);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        // first looked at in an hour: the payment workers running beside the test leave them queued meanwhile (a
        // payment due now can be sent, and become pending, between its insert and its read-back)
        Instant later = now.plus(1, ChronoUnit.HOURS);
        Payment alone = store.insert(full(m.accountId(), ref + "-alone", now), later);
        List<Payment> batch = unitOfWork.inTransaction(() -> store.insertAll(List.of(full(m.accountId(), ref + "-0", now),
                bare(m.accountId(), ref + "-1", now)), later, batchId));

        assertEquals(List.of(ref + "-0", ref + "-1"), batch.stream().map(p -> p.references().merchantReference()).toList());
        Payment fromBatch = store.findById(batch.get(0).id()).orElseThrow();
        Payment stored = store.findById(alone.id()).orElseThrow();
        assertEquals(stored.accountId(), fromBatch.accountId());
        assertEquals(stored.routing(), fromBatch.routing());
        assertEquals(stored.amounts(), fromBatch.amounts());
        assertEquals(stored.beneficiary(), fromBatch.beneficiary());
        assertEquals(stored.customer(), fromBatch.customer());
        assertEquals(stored.instructions(), fromBatch.instructions());
        assertEquals(stored.outcome(), fromBatch.outcome());
        assertEquals(stored.times(), fromBatch.times());
        assertEquals("+254711000999", fromBatch.instructions().accountNumber());
        assertEquals(LocalDate.of(1990, 2, 28), fromBatch.customer().dob());
        assertEquals("12345678", fromBatch.customer().idNumber());
        assertEquals(new PayeeCheck(PayeeStatus.RESOLVED, 87), fromBatch.instructions().payeeCheck());
        assertEquals(now, fromBatch.times().createdAt());

        Payment bare = store.findById(batch.get(1).id()).orElseThrow();
        assertEquals(null, bare.beneficiary());
        assertEquals(null, bare.customer().dob());
        assertEquals(null, bare.customer().idNumber());
        assertEquals(null, bare.instructions().payeeCheck());
        assertEquals(null, bare.instructions().remark());

        // a merchant reference used before refuses the whole batch, naming it
        DomainError e = assertThrows(DomainError.class, () -> unitOfWork.inTransaction(() -> store.insertAll(
                List.of(bare(m.accountId(), ref + "-2", now), bare(m.accountId(), ref + "-alone", now)), later, batchId)));
        assertEquals("payment_config.reference \"" + ref + "-alone\" has already been used (since the batch was created)",
                e.getMessage());
        assertEquals(java.util.Optional.empty(), store.findByMerchantReference(m.accountId(), ref + "-2"));
    }

    private long batch(TestMerchants.Merchant m, String ref) throws Exception {
        PayoutBatchApiTest.create(m, PayoutFixtures.batch(ref, "http://127.0.0.1:9/none",
                PayoutFixtures.items(ref + "-draft", 1, 100, "+254711000123")), 200);
        try (var c = dataSource.getConnection();
             var ps = c.prepareStatement("SELECT id FROM payout_batches WHERE account_id = ? AND batch_reference = ?")) {
            ps.setLong(1, m.accountId());
            ps.setString(2, ref);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static final Payment.Routing MPESA_PAYOUT =
            new Payment.Routing(RequestType.WITHDRAWAL, "KE", Rail.MOMO, "mpesa_ke", "net_ke_mpesa", "ch_ke_mpesa");

    private static Payment.References references(String merchantReference) {
        return new Payment.References(
                PaymentReference.of("MZP" + UUID.randomUUID().toString().replace("-", "").substring(0, 20)),
                merchantReference, null);
    }

    private static Payment full(long account, String merchantReference, Instant now) {
        return Payment.accepted(AccountId.of(account), references(merchantReference), MPESA_PAYOUT,
                new Payment.Amounts(Money.of(new BigDecimal("1250.50"), "KES"), Money.of(new BigDecimal("9.68"), "USD"),
                        Money.of(new BigDecimal("15.00"), "KES")),
                new Payment.Beneficiary(424242L, UUID.fromString("0f8fad5b-d9cb-469f-a165-70867728950e"),
                        Money.of(new BigDecimal("9.68"), "USD")),
                new Payment.Customer("Ada", "O'Brien, \"Obi\"", "ada@example.com", "+254711000555",
                        LocalDate.of(1990, 2, 28), "KE", "national_id", "12345678"),
                new Payment.Instructions("+254711000999", "http://127.0.0.1:9/cb", null, "November {pay}, \\ done",
                        "salary", "payroll", new PayeeCheck(PayeeStatus.RESOLVED, 87)), now);
    }

    private static Payment bare(long account, String merchantReference, Instant now) {
        return Payment.accepted(AccountId.of(account), references(merchantReference), MPESA_PAYOUT,
                new Payment.Amounts(Money.of(new BigDecimal("100.00"), "KES"), Money.of(new BigDecimal("0.77"), "USD"),
                        Money.of(new BigDecimal("0.00"), "KES")), null,
                new Payment.Customer("Ben", "Obi", null, null, null, null, null, null),
                new Payment.Instructions("+254711000998", "http://127.0.0.1:9/cb", null, null, null, null, null), now);
    }
}
