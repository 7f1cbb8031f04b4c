package io.mizani.bootstrap.ops;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Pattern;

import org.jboss.logmanager.ExtLogRecord;
import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;

/** A failed payment as an operator sees it: one WARN line naming it (no customer identifier), and the timer. */
@QuarkusTest
class PaymentTelemetryTest {

    record Line(Level level, String message, Object paymentRef, Object accountId) {
    }

    @Test
    void a_declined_sandbox_payment_is_logged_once_without_the_account_number_and_timed() throws InterruptedException {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        assign(other, "mpesa_ke");
        List<Line> lines = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                Object ref = r instanceof ExtLogRecord e ? e.getMdc("payment_ref") : null;
                Object account = r instanceof ExtLogRecord e ? e.getMdc("account_id") : null;
                String text = r instanceof ExtLogRecord e ? e.getFormattedMessage() : r.getMessage();
                lines.add(new Line(r.getLevel(), text, ref, account));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger log = Logger.getLogger(PaymentTelemetry.LOGGER);
        log.addHandler(capture);
        String reference;
        String okReference;
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            // the sandbox declines an account number ending 00; another merchant's payment succeeds meanwhile
            var declined = mpesa("payment", 120, "+254700777100", receiver.url("/declined"));
            String merchantRef = (String) ((Map<?, ?>) declined.get("payment_config")).get("reference");
            reference = m.as().body(declined).post("/api/global/payments").then().statusCode(200)
                    .extract().jsonPath().getString("checkout_request_id");
            var ok = mpesa("payment", 80, "+254700777123", receiver.url("/ok"));
            okReference = other.as().body(ok).post("/api/global/payments").then().statusCode(200)
                    .extract().jsonPath().getString("checkout_request_id");
            assertEquals("failed", awaitStatus(m, merchantRef));
            assertEquals("succeeded", awaitStatus(other, (String) ((Map<?, ?>) ok.get("payment_config")).get("reference")));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (lines.stream().noneMatch(l -> l.message().contains(reference)) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            Thread.sleep(500); // the other payment's outcome has had time to be (not) logged as well

            List<Line> mine = lines.stream().filter(l -> l.message().contains(reference)).toList();
            assertEquals(1, mine.size(), "one line per failed payment: " + lines);
            Line line = mine.get(0);
            assertEquals(Level.WARNING, line.level());
            assertEquals("payment failed: reference=" + reference + " account_id=" + m.accountId()
                    + " provider=mpesa_ke request_type=payment failure_reason=\"declined by the sandbox provider\"",
                    line.message());
            assertEquals(reference, line.paymentRef(), "the worker's MDC names the payment");
            assertEquals(String.valueOf(m.accountId()), line.accountId());
            for (String secret : List.of("254700777100", "0777100", "254700000123", "ada@example.com", "Obi", merchantRef)) {
                assertFalse(line.message().contains(secret), "the line carries " + secret + ": " + line.message());
            }
            assertTrue(lines.stream().noneMatch(l -> l.message().contains(okReference)),
                    "a payment that succeeds is not logged as failed: " + lines);
        } finally {
            log.removeHandler(capture);
        }

        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(Pattern.compile("(?m)^mizani_payment_final_seconds_count\\{provider=\"mpesa_ke\","
                + "request_type=\"payment\",status=\"failed\"} [1-9]").matcher(metrics).find(), () -> timerLines(metrics));
        assertTrue(Pattern.compile("(?m)^mizani_payment_final_seconds_count\\{provider=\"mpesa_ke\","
                + "request_type=\"payment\",status=\"succeeded\"} [1-9]").matcher(metrics).find(), () -> timerLines(metrics));
        // label order is the registry's business: look for the one-minute bucket of the failed series in any order
        assertTrue(Pattern.compile("(?m)^mizani_payment_final_seconds_bucket\\{(?=[^}]*provider=\"mpesa_ke\")"
                + "(?=[^}]*status=\"failed\")(?=[^}]*le=\"60\\.0\")[^}]*} [1-9]").matcher(metrics).find(),
                () -> "a histogram with a one-minute bucket: " + timerLines(metrics));
    }

    static String timerLines(String metrics) {
        return metrics.lines().filter(l -> l.startsWith("mizani_payment_final_seconds")).toList().toString();
    }

    @Test
    void digit_runs_in_a_failure_reason_are_masked() {
        assertEquals("payee [number] is not registered", PaymentTelemetry.masked("payee +254 700-777100 is not registered"));
        assertEquals("declined by the sandbox provider", PaymentTelemetry.masked("declined by the sandbox provider"));
        assertEquals("ResultCode 2001: wrong PIN", PaymentTelemetry.masked("ResultCode 2001: wrong PIN"));
        assertEquals("", PaymentTelemetry.masked(null));
    }

    static String awaitStatus(Merchant m, String merchantReference) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String s = null;
        while (System.nanoTime() < deadline) {
            s = m.as().body(Map.of("merchant_reference", merchantReference)).post("/api/global/transaction-status")
                    .then().statusCode(200).extract().jsonPath().getString("transaction.status");
            if ("failed".equals(s) || "succeeded".equals(s)) {
                return s;
            }
            Thread.sleep(100);
        }
        fail("payment " + merchantReference + " still " + s);
        return s;
    }
}
