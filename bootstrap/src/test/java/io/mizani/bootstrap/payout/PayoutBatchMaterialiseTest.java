package io.mizani.bootstrap.payout;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payout.PayoutBatchService;
import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payout.PayoutFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A large batch (2,000 items, over the 500 materialised inside an approval) approved as ONE reservation and
 * materialised after (issue 30, docs/adr/0008-batch-reservation.md), with the replica's own materialiser switched off
 * so the test is every materialiser there is: the approval answers processing with the whole batch reserved and
 * counted as queued before any payment exists; a materialisation killed mid-way (rolled back) leaves nothing; two
 * materialisers at once store each item once; and at every step the ledger holds reserved = open item reservations
 * + open batch reservations, available = the sum of the entries, while the entries page shows only the items' own.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class PayoutBatchMaterialiseTest {

    static final int ITEMS = 2_000;

    @Inject
    PayoutBatchService service;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Sql sql;

    @Test
    void a_large_batch_is_reserved_at_approval_and_each_item_materialised_once() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "300000");
        TeamUser admin = addUser(m, "admin");
        String ref = batchRef();
        csvAs(m).queryParam("batch_reference", ref).queryParam("callback_url", "https://merchant.example/cb")
                .body(csv(ref, ITEMS, "100", "+254711000107")).post("/api/global/payout-batches")
                .then().statusCode(200);

        JsonPath approved = admin.as().post("/api/global/payout-batches/" + ref + "/approve").then().statusCode(200)
                .extract().jsonPath();
        assertEquals("processing", approved.getString("batch.status"));
        assertEquals(Map.of("queued", ITEMS, "pending", 0, "succeeded", 0, "failed", 0),
                approved.getMap("batch.counts"), "items not materialised yet count as queued");
        assertEquals(300_000f - ITEMS * 115f, PayoutFixtures.available(m, "KES"), "reserved at approval");
        assertEquals(ITEMS * 115f, PayoutFixtures.reserved(m, "KES"));
        assertEquals(0, payments(ref), "no payment before materialisation");
        assertEquals(List.of(), items(m, ref).getList("items"));
        assertLedgerHolds(m);
        assertEquals(List.of(), entryTypes(m), "the batch's own reservation is not an entry of the merchant's ledger");

        // approved again: answered as it is, reserved once
        admin.as().post("/api/global/payout-batches/" + ref + "/approve").then().statusCode(200);
        assertEquals(ITEMS * 115f, PayoutFixtures.reserved(m, "KES"));

        // a single payment with a reference the batch holds before its payments are stored is refused as a reused
        // reference (V28): stored, it would make the batch's materialisation meet the unique index
        var single = io.mizani.bootstrap.payment.PaymentFixtures.mpesa("payment", 100, "+254711000107",
                "https://merchant.example/cb");
        @SuppressWarnings("unchecked")
        var config = (Map<String, Object>) single.get("payment_config");
        config.put("reference", ref + "-7");
        m.as().body(single).post("/api/global/payments").then().statusCode(400)
                .body("error_message", org.hamcrest.Matchers.containsString(
                        "payment_config.reference \"" + ref + "-7\" has already been used"));
        config.put("reference", ref + "-7");
        other.as().body(single).post("/api/global/payments").then().statusCode(200); // another merchant's own

        // a materialiser killed after storing the payments, before commit: nothing of it stays
        assertThrows(RuntimeException.class, () -> unitOfWork.inTransaction(() -> {
            assertEquals(ITEMS, service.materialiseNext());
            throw new IllegalStateException("kill -9");
        }));
        assertEquals(0, payments(ref));
        assertEquals(ITEMS * 115f, PayoutFixtures.reserved(m, "KES"));
        assertLedgerHolds(m);

        // two replicas' materialisers at once: one stores the batch, the other finds it taken
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Integer>> runs = List.of(two.submit(() -> {
                go.await();
                return service.materialiseNext();
            }), two.submit(() -> {
                go.await();
                return service.materialiseNext();
            }));
            go.countDown();
            int a = runs.get(0).get(2, TimeUnit.MINUTES);
            int b = runs.get(1).get(2, TimeUnit.MINUTES);
            assertEquals(ITEMS, a + b, "materialised " + a + " and " + b);
            assertEquals(0, Math.min(a, b));
        } finally {
            two.shutdown();
        }
        assertEquals(0, service.materialiseNext(), "a materialised batch is not claimed again");
        assertEquals(ITEMS, payments(ref));
        assertEquals(ITEMS, (long) sql.with(h -> h.createQuery("""
                SELECT count(DISTINCT p.merchant_reference) FROM payments p
                JOIN payout_batches b ON b.id = p.payout_batch_id WHERE b.batch_reference = :ref""")
                .bind("ref", ref).mapTo(Long.class).one()), "each item once");
        assertEquals(300_000f - ITEMS * 115f, PayoutFixtures.available(m, "KES"), "moving the reservation moves no money");
        assertEquals(ITEMS * 115f, PayoutFixtures.reserved(m, "KES"));
        assertLedgerHolds(m);
        assertEquals(List.of("withdrawal_reserve"), entryTypes(m).stream().distinct().toList());

        JsonPath batch = m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200).extract().jsonPath();
        assertEquals(Map.of("queued", ITEMS, "pending", 0, "succeeded", 0, "failed", 0), batch.getMap("batch.counts"));
        JsonPath page = items(m, ref);
        assertEquals(20, page.getList("items").size());
        assertEquals(ref + "-0", page.getString("items[0].merchant_reference"), "in the batch's order");
        assertTrue(page.getBoolean("has_more"));

        other.as().get("/api/global/payout-batches/" + ref).then().statusCode(404);
        other.as().get("/api/global/payout-batches/" + ref + "/items").then().statusCode(404);
    }

    JsonPath items(Merchant m, String ref) {
        return m.as().get("/api/global/payout-batches/" + ref + "/items").then().statusCode(200).extract().jsonPath();
    }

    long payments(String ref) {
        return sql.with(h -> h.createQuery("""
                SELECT count(*) FROM payments p JOIN payout_batches b ON b.id = p.payout_batch_id
                WHERE b.batch_reference = :ref""").bind("ref", ref).mapTo(Long.class).one());
    }

    List<String> entryTypes(Merchant m) {
        return m.as().queryParam("limit", 100).get("/api/global/balances/KES/entries").then().statusCode(200)
                .extract().jsonPath().<String>getList("entries.type").stream()
                .filter(t -> !"adjustment".equals(t)).toList();
    }

    /** The ledger's invariants (bench/chaos-check.py): reserved = open reservations, available = sum of entries. */
    void assertLedgerHolds(Merchant m) {
        Map<String, Object> row = sql.with(h -> h.createQuery("""
                SELECT (SELECT sum(available) FROM payment_balance_slots WHERE account_id = :a AND currency = 'KES') AS available,
                       (SELECT sum(reserved) FROM payment_balance_slots WHERE account_id = :a AND currency = 'KES') AS reserved,
                       (SELECT coalesce(sum(amount), 0) FROM balance_entries WHERE account_id = :a AND currency = 'KES') AS ledger,
                       (SELECT coalesce(sum(-amount), 0) FROM balance_entries WHERE account_id = :a AND currency = 'KES'
                          AND type IN ('withdrawal_reserve', 'refund_reserve', 'payout_batch_reserve')
                          AND settled IS NULL) AS open_reserved""")
                .bind("a", m.accountId()).mapToMap().one());
        assertEquals(0, ((BigDecimal) row.get("reserved")).compareTo((BigDecimal) row.get("open_reserved")),
                "reserved = open reservations: " + row);
        assertEquals(0, ((BigDecimal) row.get("available")).compareTo((BigDecimal) row.get("ledger")),
                "available = the sum of the entries: " + row);
    }
}
