package io.mizani.bootstrap.payment;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/** Payment settings ({@code mizani.payments.*}); environment variables as documented in docs/payment.md. */
@ConfigMapping(prefix = "mizani.payments")
public interface PaymentSettings {

    /** MIZANI_SANDBOX_SETTLE_MS: how long a sandbox payment stays pending before the simulated provider answers. */
    @WithDefault("2000")
    long sandboxSettleMs();

    /** MIZANI_PROVIDER_TIMEOUT_MS. */
    @WithDefault("10000")
    long providerTimeoutMs();

    /** MIZANI_WEBHOOK_RETRY_BASE_MS: first retry delay, doubled on each failed attempt. */
    @WithDefault("5000")
    long webhookRetryBaseMs();

    /** Attempts before a callback is given up (never fewer than 8). */
    @WithDefault("12")
    int webhookMaxAttempts();

    @WithDefault("PT6H")
    Duration webhookRetryCap();

    /** A callback without an answer within this is a failed attempt. */
    @WithDefault("PT10S")
    Duration webhookTimeout();

    /** Parallel callback deliveries per replica. */
    @WithDefault("32")
    int webhookConcurrency();

    /** First re-query delay of a pending payment whose provider did not answer (doubles, capped at 1 h). */
    @WithDefault("PT5S")
    Duration pollBase();

    /** Pause of each worker thread after a round that found less than a full batch. */
    @WithDefault("100")
    long workerPollMs();

    /** Payments claimed per round (one statement) and callbacks claimed per round. */
    @WithDefault("100")
    int workerBatch();

    /**
     * MIZANI_PAYMENTS_SETTLE_CONCURRENCY: payments of a claimed batch processed at once per replica (rail calls and
     * outcome writes in parallel; each holds a database connection only while it writes).
     */
    @WithDefault("8")
    int settleConcurrency();

    /** MIZANI_PAYMENTS_WORKERS_ENABLED: false stops this replica's payment and callback workers. */
    @WithDefault("true")
    boolean workersEnabled();

    /**
     * MIZANI_PAYMENTS_WORKER_HAND_OFF: a payment accepted on a replica whose workers run is inserted already leased to
     * that replica's payment worker and handed to it in memory (its claim never written; docs/payment.md), while the
     * worker has fewer than a round's batch waiting; so is a payment's callback to the callback worker. False: every
     * new payment and callback is claimed.
     */
    @WithDefault("true")
    boolean workerHandOff();

    /** MIZANI_PAYMENTS_CALLBACKS_ENABLED: false stops this replica's callback worker only (callbacks wait in the outbox). */
    @WithDefault("true")
    boolean callbacksEnabled();

    /** MIZANI_CHECKOUT_TTL: how long a hosted card checkout stays open after acceptance (then {@code checkout expired}). */
    @WithDefault("PT30M")
    Duration checkoutTtl();

    /**
     * MIZANI_PAYMENT_PENDING_DEADLINE: how long a payment may stay pending without a verdict before the worker
     * resolves it with the provider's status lookup.
     */
    @WithDefault("PT15M")
    Duration pendingDeadline();

    /** MIZANI_PAYMENTS_CHECKOUT_BASE_URL: where payers' browsers reach the hosted checkout. */
    Optional<String> checkoutBaseUrl();

    /** Seconds the catalogue is cached per replica. */
    @WithDefault("PT5S")
    Duration catalogueCache();

    /**
     * MIZANI_WITHDRAWALS_IN_FLIGHT_PER_MERCHANT: withdrawal acceptances of one merchant at once on this instance
     * (docs/architecture.md "Hot accounts"); more wait in a fair queue.
     */
    @WithDefault("8")
    int withdrawalsInFlightPerMerchant();

    /** MIZANI_WITHDRAWAL_QUEUE_WAIT: how long one waits for a turn before it answers 503 unavailable, Retry-After: 1. */
    @WithDefault("PT1S")
    Duration withdrawalQueueWait();

    /** MIZANI_RAIL_POLL_MS: how long after a live rail took a payment it is first looked up (then with back-off). */
    @WithDefault("10000")
    long railPollMs();

    /** M-Pesa Daraja (live mode). */
    Mpesa mpesa();

    /** MTN MoMo Open API ({@code MIZANI_MTN_*}, platform.md section 14): on when its variables are set, in either mode. */
    Mtn mtn();

    /** Paystack ({@code MIZANI_PAYSTACK_*}, platform.md section 14): on when both are set, in either mode. */
    Paystack paystack();

    /** Airtel Money Africa API ({@code MIZANI_AIRTEL_*}, platform.md section 14): on when all five are set, in either mode. */
    Airtel airtel();

    interface Airtel {
        /** MIZANI_AIRTEL_BASE_URL (e.g. https://openapiuat.airtel.africa or https://openapi.airtel.africa). */
        Optional<String> baseUrl();

        /** MIZANI_AIRTEL_CLIENT_ID. */
        Optional<String> clientId();

        /** MIZANI_AIRTEL_CLIENT_SECRET. */
        Optional<String> clientSecret();

        /** MIZANI_AIRTEL_PIN: the disbursement PIN, sent RSA-encrypted. */
        Optional<String> pin();

        /** MIZANI_AIRTEL_PUBLIC_KEY: Airtel's RSA public key for the PIN (base64 X.509). */
        Optional<String> publicKey();
    }

    interface Paystack {
        /** MIZANI_PAYSTACK_BASE_URL (e.g. https://api.paystack.co). */
        Optional<String> baseUrl();

        /** MIZANI_PAYSTACK_SECRET_KEY. */
        Optional<String> secretKey();

        /** How long Paystack's bank list (nip_ng's withdraw networks) is kept before it is asked again. */
        @WithDefault("PT1H")
        java.time.Duration banksRefresh();
    }

    interface Mtn {
        /** MIZANI_MTN_BASE_URL. */
        Optional<String> baseUrl();

        /** MIZANI_MTN_API_USER. */
        Optional<String> apiUser();

        /** MIZANI_MTN_API_KEY. */
        Optional<String> apiKey();

        /** MIZANI_MTN_COLLECTION_KEY. */
        Optional<String> collectionKey();

        /** MIZANI_MTN_DISBURSEMENT_KEY. */
        Optional<String> disbursementKey();

        /** MIZANI_MTN_TARGET_ENVIRONMENT. */
        @WithDefault("sandbox")
        String targetEnvironment();
    }

    interface Mpesa {
        Optional<String> baseUrl();

        Optional<String> consumerKey();

        Optional<String> consumerSecret();

        Optional<String> shortCode();

        Optional<String> passkey();

        Optional<String> initiatorName();

        Optional<String> securityCredential();

        /** Secret path segment of the Daraja callback URLs. */
        Optional<String> callbackToken();

        /**
         * How long after Daraja took a request it is asked about again when its result has not arrived (15 s: Daraja
         * answers by callback; asking sooner only spends its rate limit).
         */
        @WithDefault("15000")
        long pollMs();
    }
}
