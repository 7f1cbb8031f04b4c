package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants.Merchant;

import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.is;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Beneficiaries created through the beneficiary API, as a merchant would. */
final class BeneficiaryFixtures {

    private static final AtomicInteger SEQ = new AtomicInteger();

    private BeneficiaryFixtures() {
    }

    /** A tier_0 beneficiary (name, email, country and a destination M-Pesa number). */
    static String tier0(Merchant m) {
        return create(m, base());
    }

    static String tier0(Merchant m, String accountNumber) {
        var b = base();
        b.put("account_number", accountNumber);
        return create(m, b);
    }

    /** A full-KYC Kenyan beneficiary. */
    static String full(Merchant m) {
        var b = base();
        b.put("phone", "+254711000" + String.format("%03d", SEQ.get() % 1000));
        b.put("address", "1 Moi Avenue, Nairobi");
        b.put("date_of_birth", "1988-02-03");
        b.put("id_type", "national_id");
        b.put("id_number", "ID" + System.nanoTime());
        return create(m, b);
    }

    static Map<String, Object> base() {
        int n = SEQ.incrementAndGet();
        var b = new HashMap<String, Object>();
        b.put("first_name", "Wanjiru");
        b.put("last_name", "Kamau" + n);
        b.put("email", "wanjiru" + n + "@example.com");
        b.put("country", "KE");
        b.put("account_number", "+254722000123");
        b.put("account_type", "momo");
        return b;
    }

    static String create(Merchant m, Map<String, Object> body) {
        return m.as().body(body).post("/api/global/beneficiaries").then().statusCode(anyOf(is(200), is(201)))
                .extract().jsonPath().getString("uuid");
    }

    static float lifetimeUsd(Merchant m, String uuid) {
        return m.as().get("/api/global/beneficiaries/" + uuid).then().statusCode(200)
                .extract().jsonPath().getFloat("tier_0_lifetime_usd");
    }
}
