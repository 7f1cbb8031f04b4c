package io.mizani.bootstrap.beneficiary;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.tenancy.AccountId;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * reserveTier0 through the CDI bean payments use, raced from 20 threads, each in its own transaction (as a payment
 * acceptance is): the envelope must be judged one reservation after another.
 */
@QuarkusTest
class Tier0ReservationRaceTest {

    @Inject
    UnitOfWork unitOfWork;

    @Inject
    PaymentCounterparties counterparties;

    private static Map<String, Object> create(TestMerchants.Merchant m, Map<String, Object> body) {
        return given().auth().preemptive().basic(m.username(), m.password()).contentType(ContentType.JSON)
                .body(body).post("/api/global/beneficiaries").then().statusCode(200).extract().as(Map.class);
    }

    private static Map<String, Object> fetch(TestMerchants.Merchant m, Object uuid) {
        return given().auth().preemptive().basic(m.username(), m.password())
                .get("/api/global/beneficiaries/" + uuid).then().statusCode(200).extract().as(Map.class);
    }

    @Test
    void twenty_concurrent_19_usd_reservations_clear_exactly_eleven() throws Exception {
        var alice = TestMerchants.onboard();
        var bob = TestMerchants.onboard();
        var b = create(alice, Map.of("name", "Race Runner", "country", "KE", "email", "race@example.com"));
        BeneficiaryId id = BeneficiaryId.of(((Number) b.get("id")).longValue());
        AccountId aliceAccount = AccountId.of(alice.accountId());
        AccountId bobAccount = AccountId.of(bob.accountId());
        UUID uuid = UUID.fromString((String) b.get("uuid"));

        AtomicInteger cleared = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                futures.add(pool.submit((Callable<Void>) () -> {
                    start.await();
                    try {
                        unitOfWork.run(() ->
                                counterparties.reserveTier0(aliceAccount, id, "KES", Money.of(new BigDecimal("19.00"), "USD")));
                        cleared.incrementAndGet();
                    } catch (DomainError e) {
                        assertEquals("full KYC information is required for the transaction", e.getMessage());
                        assertEquals(DomainError.Shape.COMPACT, e.shape());
                        assertEquals("invalid_argument", e.code());
                        refused.incrementAndGet();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (var f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        // 0, 19, ..., 190 are under 200: eleven clear, and the total stops at 209
        assertEquals(11, cleared.get());
        assertEquals(9, refused.get());
        var after = fetch(alice, uuid);
        assertEquals(209.0, ((Number) after.get("tier_0_lifetime_usd")).doubleValue());
        @SuppressWarnings("unchecked")
        var kyc = (Map<String, Object>) after.get("kyc");
        assertEquals(true, kyc.get("tier_0_limit_reached"));
        assertEquals(0.0, ((Number) kyc.get("tier_0_remaining_usd")).doubleValue());
        given().auth().preemptive().basic(alice.username(), alice.password())
                .queryParam("currency", "KES").queryParam("amount_usd", "1")
                .get("/api/global/beneficiaries/" + uuid + "/kyc-eligibility")
                .then().statusCode(200).body("eligible", equalTo(false))
                .body("reason_code", equalTo("lifetime_limit_reached"));

        // a rolled-back payment never counted; a released one gives its amount back
        try {
            unitOfWork.run(() -> {
                counterparties.releaseTier0(aliceAccount, id, Money.of(new BigDecimal("19.00"), "USD"));
                throw new IllegalStateException("payment acceptance failed after the release");
            });
        } catch (IllegalStateException expected) {
            // rolled back
        }
        assertEquals(209.0, ((Number) fetch(alice, uuid).get("tier_0_lifetime_usd")).doubleValue());
        unitOfWork.run(() ->
                counterparties.releaseTier0(aliceAccount, id, Money.of(new BigDecimal("19.00"), "USD")));
        assertEquals(190.0, ((Number) fetch(alice, uuid).get("tier_0_lifetime_usd")).doubleValue());

        // isolation: the other merchant can neither find nor reserve it
        assertTrue(counterparties.find(bob.accountId(), uuid).isEmpty());
        assertTrue(counterparties.find(alice.accountId(), uuid).isPresent());
        try {
            unitOfWork.run(() ->
                    counterparties.reserveTier0(bobAccount, id, "KES", Money.of(BigDecimal.ONE, "USD")));
            throw new AssertionError("another merchant's beneficiary was reserved");
        } catch (DomainError e) {
            assertEquals(DomainError.Kind.NOT_FOUND, e.kind());
        }
    }

    @Test
    void full_beneficiaries_are_not_counted_even_under_concurrency() throws Exception {
        var alice = TestMerchants.onboard();
        var b = create(alice, Map.of("name", "Full Runner", "country", "KE", "email", "full-race@example.com",
                "phone", "+254712345678", "address", "Nairobi", "date_of_birth", "1990-01-01",
                "id_number", "FR-" + UUID.randomUUID(), "id_type", "national_id"));
        BeneficiaryId id = BeneficiaryId.of(((Number) b.get("id")).longValue());
        AccountId aliceAccount = AccountId.of(alice.accountId());
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                futures.add(pool.submit(() -> unitOfWork.run(() ->
                        counterparties.reserveTier0(aliceAccount, id, "NGN", Money.of(new BigDecimal("500.00"), "USD")))));
            }
            for (var f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(0.0, ((Number) fetch(alice, b.get("uuid")).get("tier_0_lifetime_usd")).doubleValue());
    }
}
