package io.mizani.application.payment;

import java.util.Optional;

/** The merchant's Standard Webhooks signing secret ({@code whsec_<base64>}), kept on the account. */
public interface WebhookSecrets {

    Optional<String> current(long accountId);

    void replace(long accountId, String secret);
}
