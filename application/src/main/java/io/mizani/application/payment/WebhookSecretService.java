package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;

/**
 * The merchant's callback signing secret. Reading one the account never had (an account created before
 * secrets existed) issues it. Rotation replaces it at once: callbacks still waiting in the outbox are signed
 * with the new secret at their next attempt, because signing happens at send time.
 */
public final class WebhookSecretService implements ManageWebhookSecret {

    private final WebhookSecrets secrets;
    private final UnitOfWork unitOfWork;

    public WebhookSecretService(WebhookSecrets secrets, UnitOfWork unitOfWork) {
        this.secrets = secrets;
        this.unitOfWork = unitOfWork;
    }

    @Override
    public String current(long accountId) {
        return unitOfWork.inTransaction(() -> secrets.current(accountId).filter(s -> !s.isBlank()).orElseGet(() -> {
            String fresh = Tokens.webhookSecret();
            secrets.replace(accountId, fresh);
            return fresh;
        }));
    }

    @Override
    public String rotate(long accountId) {
        return unitOfWork.inTransaction(() -> {
            String fresh = Tokens.webhookSecret();
            secrets.replace(accountId, fresh);
            return fresh;
        });
    }
}
