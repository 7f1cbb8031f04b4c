package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Mobile money on the hosted checkout (docs/adr/0009-checkout-momo-switch.md), over plain form posts: a KES card
 * payment of a Team with M-Pesa and Airtel Money offers both; the payer's number moves the payment to the chosen
 * provider once, the sandbox momo rules of platform.md section 7 settle it, and transaction-status, the callback
 * and the ledger credit name the rail that carried the money. Refusals change nothing; racing card, switches and a
 * second tab leave exactly one final state, one ledger entry, one callback.
 */
@QuarkusTest
class CheckoutMomoFlowTest {

    static CallbackReceiver site;

    @Inject
    DataSource dataSource;
    @Inject
    io.mizani.application.payment.PaymentStore store;
    @Inject
    io.mizani.application.payment.PaymentFinaliser finaliser;
    @Inject
    io.mizani.application.common.UnitOfWork unitOfWork;
    @Inject
    io.mizani.application.payment.PaymentCatalogue catalogue;
    @Inject
    io.mizani.application.common.PhoneRegions phones;

    @BeforeAll
    static void start() {
        site = new CallbackReceiver();
    }

    @AfterAll
    static void stop() {
        site.close();
    }

    record Checkout(String ref, String path) {
    }

    static Merchant kenyanMerchant() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke", "mpesa_ke", "airtel_ke");
        return m;
    }

    static Checkout open(Merchant m, String callback) {
        var body = CardCheckoutBrowserTest.cardPayment(site.url("/back"), site.url(callback));
        return open(m, body);
    }

    static Checkout open(Merchant m, Map<String, Object> body) {
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        String url = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract().jsonPath()
                .getString("checkout_url");
        return new Checkout(ref, URI.create(url).getPath());
    }

    static JsonPath transaction(Merchant m, String ref) {
        return m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath().setRootPath("transaction");
    }

    static Response momo(Checkout c, String provider, String phone) {
        return given().redirects().follow(false).formParam("provider", provider).formParam("phone", phone)
                .post(c.path() + "/momo");
    }

    static JsonPath awaitFinal(Merchant m, String ref) {
        long until = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < until) {
            JsonPath t = transaction(m, ref);
            if (java.util.Set.of("succeeded", "failed").contains(t.getString("status"))) {
                return t;
            }
            PaymentsApiTest.sleep(100);
        }
        fail("payment " + ref + " did not become final");
        return null;
    }

    /** The payment's entries on the Team's KES payment balance. */
    static List<Map<String, Object>> entries(Merchant m, String reference) {
        List<Map<String, Object>> all = m.as().get("/api/global/balances/KES/entries?limit=100").then().statusCode(200)
                .extract().jsonPath().getList("entries");
        return all.stream().filter(e -> reference.equals(e.get("transaction_reference"))).toList();
    }

    String storedAccountNumber(String merchantReference) throws Exception {
        try (var c = dataSource.getConnection();
             var s = c.prepareStatement("SELECT account_number FROM payments WHERE merchant_reference = ?")) {
            s.setString(1, merchantReference);
            try (var rs = s.executeQuery()) {
                assertTrue(rs.next());
                return rs.getString(1);
            }
        }
    }

    @Test
    void the_payer_pays_a_card_checkout_with_mpesa_and_everything_names_the_momo_rail() throws Exception {
        Merchant m = kenyanMerchant();
        Checkout c = open(m, "/cb-momo-ok");
        String page = given().get(c.path()).then().statusCode(200).extract().asString();
        assertTrue(page.contains("Pay with mobile money"), page);
        assertTrue(page.contains("value=\"mpesa_ke\""), page);
        assertTrue(page.contains("value=\"airtel_ke\""), "several providers: the payer picks one");
        assertTrue(page.contains("action=\"" + c.path() + "/momo\""), page);

        Response switched = momo(c, "mpesa_ke", "0712 345 655");
        switched.then().statusCode(303);
        assertEquals(c.path(), URI.create(switched.header("Location")).getPath(), "back to the page, which waits");
        String waiting = given().get(c.path()).then().statusCode(200).extract().asString();
        assertTrue(waiting.contains("Approve the prompt on your phone"), waiting);
        assertTrue(waiting.contains("•••• 5655"), "the number masked");
        assertFalse(waiting.contains("712345655") || waiting.contains("712 345 655"), "never the whole number");
        assertFalse(waiting.contains(" data-expires-at=\""), "the checkout's expiry no longer applies");
        assertTrue(waiting.contains("id=\"refresh\""), waiting);
        assertFalse(waiting.contains("id=\"card_number\""), "no card entry after the switch");
        // sealed at rest like every other phone number
        String stored = storedAccountNumber(c.ref());
        assertFalse(stored.contains("712345655"), stored);

        JsonPath t = awaitFinal(m, c.ref());
        assertEquals("succeeded", t.getString("status"));
        assertEquals("momo", t.getString("transaction_channel"));
        assertEquals("mpesa_ke", t.getString("provider"));
        assertEquals(0, new BigDecimal(t.getString("fee")).signum(), "M-Pesa deposit's fee (sandbox: 0)");
        assertNotNull(t.getString("provider_reference"));
        var cb = site.await(r -> r.path().equals("/cb-momo-ok"), 1, Duration.ofSeconds(10)).get(0);
        cb.verify(m.webhookSecret());
        JsonPath body = new JsonPath(cb.body());
        assertEquals("transaction.succeeded", body.getString("type"));
        assertEquals("momo", body.getString("data.transaction.transaction_channel"));
        assertEquals("mpesa_ke", body.getString("data.transaction.provider"));
        var credit = entries(m, t.getString("reference"));
        assertEquals(1, credit.size(), credit.toString());
        assertEquals(1500.00f, ((Number) credit.get(0).get("amount")).floatValue(), "amount - the momo fee");

        Response done = given().get(c.path());
        done.then().statusCode(200).body(containsString("This payment succeeded."))
                .body(containsString("/back?merchant_reference=" + c.ref() + "&amp;status=succeeded"));
        // a second switch or a card now changes nothing; one callback only
        momo(c, "airtel_ke", "0733000055").then().statusCode(303);
        given().redirects().follow(false).formParam("card_number", "4242424242424242").post(c.path())
                .then().statusCode(303);
        PaymentsApiTest.sleep(500);
        assertEquals(1, site.to("/cb-momo-ok").size());
        assertEquals(1, entries(m, t.getString("reference")).size());
    }

    @Test
    void a_number_ending_00_is_declined_by_the_sandbox_provider_and_the_payment_fails() {
        Merchant m = kenyanMerchant();
        Checkout c = open(m, "/cb-momo-00");
        momo(c, "airtel_ke", "+254 733 000 100").then().statusCode(303);
        JsonPath t = awaitFinal(m, c.ref());
        assertEquals("failed", t.getString("status"));
        assertEquals("airtel_ke", t.getString("provider"));
        assertEquals("momo", t.getString("transaction_channel"));
        assertEquals("declined by the sandbox provider", t.getString("failure_reason"));
        var cb = site.await(r -> r.path().equals("/cb-momo-00"), 1, Duration.ofSeconds(10)).get(0);
        assertEquals("transaction.failed", new JsonPath(cb.body()).getString("type"));
        assertTrue(entries(m, t.getString("reference")).isEmpty(), "a failed collection moves nothing");
        given().get(c.path()).then().statusCode(200).body(containsString("This payment failed."));
    }

    @Test
    void cancel_after_the_switch_is_refused_on_the_page_and_the_provider_settles_the_payment() {
        Merchant m = kenyanMerchant();
        Checkout c = open(m, "/cb-momo-cancel");
        momo(c, "mpesa_ke", "0712345601").then().statusCode(303); // 01: the provider never answers
        given().redirects().follow(false).post(c.path() + "/cancel").then().statusCode(409)
                .body(containsString("can no longer be cancelled here"))
                .body(containsString("Approve the prompt on your phone"));
        given().redirects().follow(false).formParam("card_number", "4242424242424242").post(c.path())
                .then().statusCode(409).body(containsString("card details are no longer taken here"));
        momo(c, "airtel_ke", "0733000055").then().statusCode(409)
                .body(containsString("already being paid with mobile money"));
        // a card payment switched while still queued is sent by the worker's next round: pending from then on
        JsonPath t = transaction(m, c.ref());
        for (int i = 0; i < 50 && !"pending".equals(t.getString("status")); i++) {
            PaymentsApiTest.sleep(100);
            t = transaction(m, c.ref());
        }
        assertEquals("pending", t.getString("status"));
        assertEquals("mpesa_ke", t.getString("provider"));
        assertEquals("momo", t.getString("transaction_channel"));
    }

    @Test
    void a_bad_number_answers_400_on_the_page_and_changes_nothing() throws Exception {
        Merchant m = kenyanMerchant();
        Checkout c = open(m, "/cb-momo-bad");
        String before = storedAccountNumber(c.ref());
        for (String bad : new String[]{"12345", "not a number", "+234 803 123 4567", ""}) {
            momo(c, "mpesa_ke", bad).then().statusCode(400).contentType(containsString("text/html"))
                    .body(containsString("That is not a mobile number in KE: enter the number of the phone that"
                            + " receives the prompt."))
                    .body(containsString("id=\"momo_error\" role=\"alert\""))
                    .body(containsString("id=\"card_number\""));
        }
        momo(c, "mtn_gh", "0712345655").then().statusCode(400)
                .body(containsString("Choose one of the mobile money providers shown."));
        JsonPath t = transaction(m, c.ref());
        assertEquals("card", t.getString("transaction_channel"));
        assertEquals("card_ke", t.getString("provider"));
        assertTrue(java.util.Set.of("queued", "pending").contains(t.getString("status")));
        assertEquals(before, storedAccountNumber(c.ref()));
        // the card still works
        given().redirects().follow(false).formParam("card_number", "4242424242424242").post(c.path())
                .then().statusCode(303);
        assertEquals("succeeded", transaction(m, c.ref()).getString("status"));
    }

    @Test
    void an_amount_above_the_providers_maximum_is_refused_on_the_page() {
        Merchant m = kenyanMerchant();
        var body = CardCheckoutBrowserTest.cardPayment(site.url("/back"), site.url("/cb-momo-max"));
        body.put("amount", 100000);
        Checkout c = open(m, body);
        momo(c, "airtel_ke", "0733000055").then().statusCode(400)
                .body(containsString("Airtel Money cannot take this payment: amount must be between 10 and 70000 KES."));
        assertEquals("card_ke", transaction(m, c.ref()).getString("provider"));
    }

    @Test
    void an_ngn_checkout_offers_no_mobile_money_and_refuses_a_switch() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ng", "nip_ng", "card_ke", "mpesa_ke");
        var pay = paymentConfig(ref(), "card", site.url("/cb-ngn"));
        pay.put("redirect_url", site.url("/back"));
        Checkout c = open(m, body("payment", "card", "card_ng", 5000, "NGN", "NG", inlineCustomer(),
                network("card_ng", "net_ng_card", "Visa/Mastercard/Verve", "CARD", "card"), pay));
        given().get(c.path()).then().statusCode(200).body(containsString("id=\"card_number\""))
                .body(not(containsString("mobile money")));
        momo(c, "mpesa_ke", "0712345655").then().statusCode(400);
        assertEquals("card_ng", transaction(m, c.ref()).getString("provider"));
        // a KES checkout of a Team with card only offers none either
        Merchant cardOnly = TestMerchants.onboard();
        assign(cardOnly, "card_ke");
        given().get(open(cardOnly, "/cb-card-only").path()).then().statusCode(200)
                .body(not(containsString("mobile money")));
    }

    @Test
    void another_merchants_payment_is_not_found_and_an_unknown_token_answers_404() {
        Merchant m = kenyanMerchant();
        Merchant other = kenyanMerchant();
        Checkout c = open(m, "/cb-momo-404");
        momo(new Checkout("x", "/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), "mpesa_ke", "0712345655")
                .then().statusCode(404);
        momo(c, "mpesa_ke", "0712345655").then().statusCode(303);
        other.as().body(Map.of("merchant_reference", c.ref())).post("/api/global/transaction-status")
                .then().statusCode(404);
    }

    /**
     * A card in one tab, M-Pesa in a second and Airtel Money in a third, all at once, on several checkouts: each
     * payment ends with exactly one final state, one ledger credit and one callback, carried by the one that won.
     */
    @Test
    void card_and_two_switches_racing_leave_one_winner_one_credit_one_callback() throws Exception {
        Merchant m = kenyanMerchant();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int round = 0; round < 6; round++) {
                String callback = "/cb-momo-race-" + round;
                Checkout c = open(m, callback);
                CountDownLatch go = new CountDownLatch(1);
                List<Callable<Response>> tabs = List.of(
                        () -> {
                            go.await();
                            return given().redirects().follow(false).formParam("card_number", "4242424242424242")
                                    .post(c.path());
                        },
                        () -> {
                            go.await();
                            return momo(c, "mpesa_ke", "0712345655");
                        },
                        () -> {
                            go.await();
                            return momo(c, "airtel_ke", "0733000055");
                        });
                List<Future<Response>> answers = new ArrayList<>();
                for (var tab : tabs) {
                    answers.add(pool.submit(tab));
                }
                go.countDown();
                boolean cardWon = false;
                int switches = 0;
                for (int i = 0; i < answers.size(); i++) {
                    Response r = answers.get(i).get();
                    String location = r.header("Location");
                    if (i == 0 && r.statusCode() == 303 && location.endsWith("status=succeeded")) {
                        cardWon = true;
                    }
                    if (i > 0 && r.statusCode() == 303 && location != null && location.endsWith(c.path())) {
                        switches++;
                    }
                }
                assertEquals(1, (cardWon ? 1 : 0) + switches, "exactly one of the card and the switches won");
                JsonPath t = awaitFinal(m, c.ref());
                assertEquals("succeeded", t.getString("status"));
                assertEquals(cardWon ? "card" : "momo", t.getString("transaction_channel"));
                site.await(r -> r.path().equals(callback), 1, Duration.ofSeconds(10));
                PaymentsApiTest.sleep(300);
                assertEquals(1, site.to(callback).size(), "one callback");
                assertEquals(1, entries(m, t.getString("reference")).size(), "one ledger credit");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A switch landing as the checkout expires: one payer's tab switches (its checkout still open by its clock) while
     * the checkout's expiry is enforced on the same payment (a service whose checkout lifetime is over: the rule
     * {@code view} applies when the page is reopened at the expiry). Both take the payment's row lock; whichever is
     * first wins: either the payment is switched and the expiry no longer fails it, or it failed with
     * {@code checkout expired} and the switch finds it final. One final state, one callback, in every round.
     */
    @Test
    void a_switch_racing_the_checkout_expiry_leaves_one_winner() throws Exception {
        Merchant m = kenyanMerchant();
        var clock = java.time.Clock.systemUTC();
        var open = new io.mizani.application.payment.CardCheckoutService(store, finaliser, unitOfWork, clock, true,
                Duration.ofMinutes(30), id -> java.util.Optional.empty()).withMomo(catalogue, phones);
        var expired = new io.mizani.application.payment.CardCheckoutService(store, finaliser, unitOfWork, clock, true,
                Duration.ZERO, id -> java.util.Optional.empty()).withMomo(catalogue, phones);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int switchedWins = 0;
        int expiryWins = 0;
        try {
            for (int round = 0; round < 8; round++) {
                String callback = "/cb-momo-expiry-" + round;
                Checkout c = open(m, callback);
                String token = c.path().substring(c.path().lastIndexOf('/') + 1);
                CountDownLatch go = new CountDownLatch(1);
                Future<io.mizani.application.payment.CardCheckout.Outcome> tab = pool.submit(() -> {
                    go.await();
                    return open.payByMomo(token, "mpesa_ke", "0712345655");
                });
                Future<io.mizani.application.payment.CardCheckout.Page> expiry = pool.submit(() -> {
                    go.await();
                    return expired.view(token);
                });
                go.countDown();
                boolean switched = tab.get().result() == io.mizani.application.payment.CardCheckout.Result.SWITCHED;
                boolean failedByExpiry = expiry.get().payment().status()
                        == io.mizani.domain.payment.PaymentStatus.FAILED;
                assertTrue(switched ^ failedByExpiry, "exactly one wins: switched " + switched + ", expired "
                        + failedByExpiry);
                JsonPath t = awaitFinal(m, c.ref());
                if (switched) {
                    switchedWins++;
                    assertEquals("succeeded", t.getString("status"));
                    assertEquals("momo", t.getString("transaction_channel"));
                    assertEquals(1, entries(m, t.getString("reference")).size(), "one ledger credit");
                } else {
                    expiryWins++;
                    assertEquals("failed", t.getString("status"));
                    assertEquals("checkout expired", t.getString("failure_reason"));
                    assertEquals("card", t.getString("transaction_channel"));
                    assertTrue(entries(m, t.getString("reference")).isEmpty());
                }
                site.await(r -> r.path().equals(callback), 1, Duration.ofSeconds(10));
                PaymentsApiTest.sleep(200);
                assertEquals(1, site.to(callback).size(), "one callback");
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("switch/expiry race: switch won " + switchedWins + ", expiry won " + expiryWins);
    }
}
