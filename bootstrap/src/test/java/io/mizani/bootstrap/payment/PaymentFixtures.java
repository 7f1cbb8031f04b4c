package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;

/** Request bodies for payment tests, taken the way a merchant takes them from discovery. */
public final class PaymentFixtures {

    private static final AtomicInteger SEQ = new AtomicInteger();

    private PaymentFixtures() {
    }

    public static void assign(TestMerchants.Merchant m, String... providers) {
        TestMerchants.asOperator().body(Map.of("providers", List.of(providers)))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(200);
    }

    public static String ref() {
        return "ord-" + SEQ.incrementAndGet() + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static Map<String, Object> inlineCustomer() {
        var c = new HashMap<String, Object>();
        c.put("first_name", "Ada");
        c.put("last_name", "Obi");
        c.put("email", "ada@example.com");
        c.put("phone", "+254700000123");
        return c;
    }

    public static Map<String, Object> network(String provider, String networkId, String name, String code, String accountType) {
        var pc = new HashMap<String, Object>();
        pc.put("network_id", networkId);
        pc.put("provider_id", provider);
        pc.put("network_name", name);
        pc.put("network_code", code);
        pc.put("account_type", accountType);
        return pc;
    }

    public static Map<String, Object> paymentConfig(String reference, String accountNumber, String callbackUrl) {
        var pay = new HashMap<String, Object>();
        pay.put("reference", reference);
        if (accountNumber != null) {
            pay.put("account_number", accountNumber);
        }
        pay.put("remark", "test");
        pay.put("payment_category", "goods");
        pay.put("callback_url", callbackUrl);
        return pay;
    }

    public static Map<String, Object> body(String requestType, String channel, String provider, Object amount, String currency,
                                    String country, Map<String, Object> customer, Map<String, Object> providerConfig,
                                    Map<String, Object> paymentConfig) {
        var b = new HashMap<String, Object>();
        b.put("request_type", requestType);
        b.put("transaction_channel", channel);
        b.put("provider", provider);
        b.put("amount", amount);
        b.put("currency", currency);
        b.put("country", country);
        b.put("customer", customer);
        b.put("provider_config", providerConfig);
        b.put("payment_config", paymentConfig);
        return b;
    }

    /** An M-Pesa Kenya collection of {@code amount} KES from {@code accountNumber}. */
    public static Map<String, Object> mpesa(String requestType, Object amount, String accountNumber, String callbackUrl) {
        return body(requestType, "momo", "mpesa_ke", amount, "KES", "KE", inlineCustomer(),
                network("mpesa_ke", "net_ke_mpesa", "M-Pesa", "MPESA", "momo"),
                paymentConfig(ref(), accountNumber, callbackUrl));
    }
}
