package io.mizani.bootstrap.payout;

import io.mizani.bootstrap.support.TestMerchants;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

import static io.mizani.bootstrap.payment.PaymentFixtures.inlineCustomer;
import static io.mizani.bootstrap.payment.PaymentFixtures.network;
import static io.restassured.RestAssured.given;

/** Payout batch helpers: items, CSV files, a Team's second user. */
final class PayoutFixtures {

    static final String CSV_HEADER = "reference,amount,currency,country,provider,transaction_channel,account_number,"
            + "first_name,last_name,email,phone,network_id,network_name,network_code,account_type,remark,payment_category";

    private static final AtomicInteger SEQ = new AtomicInteger();

    private PayoutFixtures() {
    }

    /** A user of the merchant's Team added by the operator with {@code role}, with their own credential. */
    record TeamUser(long id, String username, String password) {
        RequestSpecification as() {
            return given().auth().preemptive().basic(username, password).contentType(ContentType.JSON);
        }
    }

    static TeamUser addUser(TestMerchants.Merchant m, String role) {
        int n = SEQ.incrementAndGet();
        JsonPath json = TestMerchants.asOperator().body(Map.of("first_name", "Ben", "last_name", "User" + n,
                        "email", "user" + n + "-" + UUID.randomUUID().toString().substring(0, 6) + "@example.com",
                        "role", role))
                .post("/api/admin/accounts/" + m.accountId() + "/users")
                .then().statusCode(201).extract().jsonPath();
        return new TeamUser(json.getLong("user.id"), json.getString("credentials.username"),
                json.getString("credentials.password"));
    }

    static java.util.Map<String, Object> balance(TestMerchants.Merchant m, String currency) {
        java.util.List<java.util.Map<String, Object>> all = m.as().get("/api/global/balances").then().statusCode(200)
                .extract().jsonPath().getList("balances");
        return all.stream().filter(b -> currency.equals(b.get("currency"))).findFirst().orElseThrow();
    }

    static float available(TestMerchants.Merchant m, String currency) {
        return ((Number) balance(m, currency).get("available")).floatValue();
    }

    static float reserved(TestMerchants.Merchant m, String currency) {
        return ((Number) balance(m, currency).get("reserved")).floatValue();
    }

    static String batchRef() {
        return "batch-" + SEQ.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** An M-Pesa Kenya payout item of {@code amount} KES to {@code accountNumber} (fee 15). */
    static Map<String, Object> item(String reference, Object amount, String accountNumber) {
        var pay = new HashMap<String, Object>();
        pay.put("reference", reference);
        pay.put("account_number", accountNumber);
        pay.put("remark", "pay");
        pay.put("payment_category", "salary");
        var item = new HashMap<String, Object>();
        item.put("transaction_channel", "momo");
        item.put("provider", "mpesa_ke");
        item.put("amount", amount);
        item.put("currency", "KES");
        item.put("country", "KE");
        item.put("customer", inlineCustomer());
        item.put("provider_config", network("mpesa_ke", "net_ke_mpesa", "M-Pesa", "MPESA", "momo"));
        item.put("payment_config", pay);
        return item;
    }

    static Map<String, Object> batch(String batchReference, String callbackUrl, List<Map<String, Object>> items) {
        var b = new HashMap<String, Object>();
        b.put("batch_reference", batchReference);
        b.put("callback_url", callbackUrl);
        b.put("items", items);
        return b;
    }

    /** {@code n} valid items of {@code amount} KES each, references {@code prefix-i}. */
    static List<Map<String, Object>> items(String prefix, int n, Object amount, String accountNumber) {
        var out = new ArrayList<Map<String, Object>>();
        for (int i = 0; i < n; i++) {
            out.add(item(prefix + "-" + i, amount, accountNumber));
        }
        return out;
    }

    /** One CSV row in {@link #CSV_HEADER}'s order. */
    static String csvRow(String reference, String amount, String accountNumber) {
        return reference + "," + amount + ",KES,KE,mpesa_ke,momo," + accountNumber
                + ",Ada,Obi,ada@example.com,+254700000123,net_ke_mpesa,M-Pesa,MPESA,momo,pay,salary";
    }

    static String csv(String prefix, int n, String amount, String accountNumber) {
        var sb = new StringBuilder(CSV_HEADER).append("\r\n");
        for (int i = 0; i < n; i++) {
            sb.append(csvRow(prefix + "-" + i, amount, accountNumber)).append("\r\n");
        }
        return sb.toString();
    }

    static RequestSpecification csvAs(TestMerchants.Merchant m) {
        return given().auth().preemptive().basic(m.username(), m.password()).contentType("text/csv; charset=UTF-8");
    }
}
