package io.mizani.application.payment;

/** Sends one signed callback (Standard Webhooks) and reports what came back. Never throws. */
public interface CallbackSender {

    /** statusCode null when there was no HTTP answer (timeout, refused); error then says why. */
    record Delivery(Integer statusCode, String error) {
        public boolean delivered() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    Delivery send(String url, String webhookId, long timestampSeconds, String body, String secret);
}
