package io.mizani.bootstrap.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.PaymentStore.Look;
import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The switch's one statement ({@link PaymentStore#switchToMomo}, docs/adr/0009-checkout-momo-switch.md) against the
 * real PostgreSQL, with the workers driven by the test: refused while a worker holds the card payment's lease; then
 * the routing, fee and sealed number written, the card's reference cleared, no longer marked submitted (the next
 * claim initiates it), due now and pending from the switch; the first look's provider reference kept; a second
 * switch refused.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class CheckoutSwitchStoreTest {

    @Inject
    PaymentStore store;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Clock clock;
    @Inject
    DataSource dataSource;

    record Row(String rail, String provider, String channel, BigDecimal fee, String accountNumber,
               String providerReference, Timestamp submittedAt, Timestamp nextCheckAt, Timestamp pendingSince,
               String status) {
    }

    Row row(long id) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                SELECT rail, provider, channel_id, fee, account_number, provider_reference, submitted_at, next_check_at,
                       pending_since, status FROM payments WHERE id = ?""")) {
            ps.setLong(1, id);
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return new Row(rs.getString(1), rs.getString(2), rs.getString(3), rs.getBigDecimal(4), rs.getString(5),
                        rs.getString(6), rs.getTimestamp(7), rs.getTimestamp(8), rs.getTimestamp(9), rs.getString(10));
            }
        }
    }

    void sql(String statement, long id) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(statement)) {
            ps.setLong(1, id);
            ps.executeUpdate();
        }
    }

    @Test
    void the_switch_waits_for_the_workers_lease_then_hands_the_payment_to_the_momo_rail_as_never_submitted()
            throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke", "mpesa_ke");
        var body = CardCheckoutBrowserTest.cardPayment("https://shop.example/back", "http://127.0.0.1:9/none");
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        Payment card = unitOfWork.inTransaction(() -> store.findByMerchantReference(m.accountId(), ref)).orElseThrow();
        long id = card.id();
        Instant opened = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        // the card rail opened the checkout: pending, submitted, the card's reference; and a worker holds it now
        unitOfWork.run(() -> store.transition(id, PaymentStatus.QUEUED, PaymentStatus.PENDING, opened,
                "card_" + card.reference().value(), null, opened.plusSeconds(60)));
        sql("UPDATE payments SET submitted_at = now(), claimed_by = 'w-card', claimed_until = now() + interval '30 seconds'"
                + " WHERE id = ?", id);

        var change = new MomoSwitch(new Payment.Routing(RequestType.PAYMENT, "KE", Rail.MOMO, "mpesa_ke", "net_ke_mpesa",
                "ch_ke_mpesa_deposit"), Money.of(new BigDecimal("7.00"), "KES"), "254712345655");
        Instant at = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Row before = row(id);
        assertFalse(unitOfWork.inTransaction(() -> store.switchToMomo(id, change, at)), "a worker holds it");
        assertEquals(before, row(id), "nothing changed");

        sql("UPDATE payments SET claimed_by = NULL, claimed_until = NULL WHERE id = ?", id);
        assertTrue(unitOfWork.inTransaction(() -> store.switchToMomo(id, change, at)));
        Row after = row(id);
        assertEquals("momo", after.rail());
        assertEquals("mpesa_ke", after.provider());
        assertEquals("ch_ke_mpesa_deposit", after.channel());
        assertEquals(0, new BigDecimal("7.00").compareTo(after.fee()));
        assertFalse(after.accountNumber().contains("712345655"), "sealed at rest: " + after.accountNumber());
        assertNull(after.providerReference(), "the card's reference is not the momo provider's");
        assertNull(after.submittedAt(), "not submitted on the momo rail yet: the next claim initiates it");
        assertEquals(Timestamp.from(at), after.nextCheckAt(), "due now");
        assertEquals(Timestamp.from(at), after.pendingSince(), "pending from the switch");
        assertEquals("pending", after.status());
        Payment read = unitOfWork.inTransaction(() -> store.findById(id)).orElseThrow();
        assertEquals("254712345655", read.instructions().accountNumber());
        assertTrue(MomoSwitch.switched(read));
        assertFalse(unitOfWork.inTransaction(() -> store.switchToMomo(id, change, at.plusSeconds(1))), "once only");

        // the momo rail's first answer on a pending payment: its reference written with the look
        unitOfWork.run(() -> store.recordLooks(List.of(new Look(id, Look.Kind.NOT_YET, at, "SBX-first",
                at.plusSeconds(5))), "w-momo"));
        assertEquals("SBX-first", row(id).providerReference());
        // nothing of this test left due for the worker tests sharing this profile's database
        sql("UPDATE payments SET next_check_at = NULL WHERE id = ?", id);
    }
}
