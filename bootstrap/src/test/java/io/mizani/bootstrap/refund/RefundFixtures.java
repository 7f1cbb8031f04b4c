package io.mizani.bootstrap.refund;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static org.junit.jupiter.api.Assertions.fail;

/** Succeeded collections to refund, refund bodies and waits, for the refund tests. */
final class RefundFixtures {

    private static final AtomicInteger SEQ = new AtomicInteger();

    private RefundFixtures() {
    }

    /** A refund_reference the sandbox lets succeed (never ending in 00). */
    static String refundRef() {
        return "rf-" + SEQ.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6) + "-7";
    }

    /** A refund_reference the sandbox declines. */
    static String declinedRef() {
        return "rf-" + SEQ.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 6) + "-00";
    }

    /** An M-Pesa collection of {@code amount} KES, waited for until succeeded; its merchant_reference. */
    static String succeededCollection(Merchant m, Object amount, String callbackUrl) {
        Map<String, Object> body = mpesa("payment", amount, "+254700000123", callbackUrl);
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        m.as().body(body).post("/api/global/payments").then().statusCode(200);
        await(() -> transaction(m, ref).getString("status"), "succeeded", "collection " + ref);
        return ref;
    }

    static JsonPath transaction(Merchant m, String merchantReference) {
        return m.as().body(Map.of("merchant_reference", merchantReference)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath().setRootPath("transaction");
    }

    static Map<String, Object> body(String merchantReference, String refundReference, Object amount) {
        var b = new HashMap<String, Object>();
        b.put("merchant_reference", merchantReference);
        b.put("refund_reference", refundReference);
        if (amount != null) {
            b.put("amount", amount);
        }
        b.put("reason", "item returned");
        return b;
    }

    static Response refund(Merchant m, Map<String, Object> body) {
        return m.as().body(body).post("/api/global/refunds");
    }

    static JsonPath get(Merchant m, String refundReference) {
        return m.as().get("/api/global/refunds/" + refundReference).then().statusCode(200).extract().jsonPath()
                .setRootPath("refund");
    }

    static String awaitFinal(Merchant m, String refundReference) {
        return await(() -> get(m, refundReference).getString("status"), List.of("succeeded", "failed"),
                "refund " + refundReference);
    }

    static Map<String, Object> balance(Merchant m, String currency) {
        List<Map<String, Object>> rows = m.as().get("/api/global/balances").then().statusCode(200).extract().jsonPath()
                .getList("balances");
        return rows.stream().filter(r -> currency.equals(r.get("currency"))).findFirst().orElseThrow();
    }

    static String available(Merchant m) {
        return String.format("%.2f", ((Number) balance(m, "KES").get("available")).doubleValue());
    }

    static String reserved(Merchant m) {
        return String.format("%.2f", ((Number) balance(m, "KES").get("reserved")).doubleValue());
    }

    /**
     * The reserved balance equals the amounts of the refunds still pending: read between two identical reads of their
     * statuses, so a refund the sandbox settles meanwhile (it may, on a loaded machine) cannot make it flaky.
     */
    static void assertReservedIsPending(Merchant m, Map<String, Double> refunds) {
        for (int attempt = 0; attempt < 20; attempt++) {
            Map<String, String> before = statuses(m, refunds.keySet());
            String reserved = reserved(m);
            if (before.equals(statuses(m, refunds.keySet()))) {
                double pending = refunds.entrySet().stream().filter(e -> "pending".equals(before.get(e.getKey())))
                        .mapToDouble(Map.Entry::getValue).sum();
                org.junit.jupiter.api.Assertions.assertEquals(String.format("%.2f", pending), reserved, before.toString());
                return;
            }
        }
        throw new AssertionError("refund statuses kept changing while the balance was read");
    }

    private static Map<String, String> statuses(Merchant m, java.util.Set<String> refs) {
        Map<String, String> out = new java.util.TreeMap<>();
        refs.forEach(r -> out.put(r, get(m, r).getString("status")));
        return out;
    }

    static List<Map<String, Object>> entries(Merchant m) {
        return m.as().get("/api/global/balances/KES/entries?limit=100").then().statusCode(200).extract().jsonPath()
                .getList("entries");
    }

    static void await(java.util.function.Supplier<String> probe, String wanted, String what) {
        await(probe, List.of(wanted), what);
    }

    static String await(java.util.function.Supplier<String> probe, List<String> wanted, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String s = null;
        while (System.nanoTime() < deadline) {
            s = probe.get();
            if (wanted.contains(s)) {
                return s;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        fail(what + " still " + s);
        return s;
    }
}
