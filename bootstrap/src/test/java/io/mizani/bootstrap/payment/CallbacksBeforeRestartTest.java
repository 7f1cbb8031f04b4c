package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;

/**
 * Leaves a callback undelivered in the outbox when the service stops: the merchant's endpoint answers 500 twice,
 * then goes away. {@link CallbacksSurviveRestartTest} runs after the application and its database restarted and
 * checks that the same callback (same webhook-id) is delivered once the endpoint is back.
 */
@QuarkusTest
class CallbacksBeforeRestartTest {

    static final String KEY = "payment-restart-test.before";

    @Test
    void leave_a_callback_pending() {
        var m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        try (CallbackReceiver down = new CallbackReceiver()) {
            down.defaultStatus = 500;
            var body = mpesa("payment", 100, "+254700000123", down.url("/restart"));
            String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
            m.as().body(body).post("/api/global/payments").then().statusCode(200);
            var failed = down.await(r -> true, 2, Duration.ofSeconds(20));
            String webhookId = failed.get(0).header("webhook-id");
            System.setProperty(KEY, String.join(" ", m.username(), m.password(), m.webhookSecret(), ref, webhookId,
                    Integer.toString(down.port())));
        }
    }
}
