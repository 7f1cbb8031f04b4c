package io.mizani.adapter.persistence.team;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.payment.WebhookSecrets;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.HandleCallback;
import org.jdbi.v3.core.mapper.RowMapper;

import java.util.Optional;

/** accounts.webhook_secret (column owned by the foundation; written at onboarding), Jdbi with named parameters. */
@Singleton
public class JdbcWebhookSecrets implements WebhookSecrets {

    private static final RowMapper<String> SECRET = (rs, ctx) -> rs.getString("webhook_secret");

    @Inject
    Sql sql;

    @Override
    public Optional<String> current(long accountId) {
        return with(h -> h.createQuery("SELECT webhook_secret FROM accounts WHERE id = :id")
                .bind("id", accountId).map(SECRET).findFirst());
    }

    @Override
    public void replace(long accountId, String secret) {
        with(h -> h.createUpdate("UPDATE accounts SET webhook_secret = :secret WHERE id = :id")
                .bind("secret", secret).bind("id", accountId).execute());
    }

    /** A failure of the database surfaces as it always has: an IllegalStateException caused by the SQLException. */
    private <T> T with(HandleCallback<T, RuntimeException> work) {
        return sql.withDatabaseErrors(work);
    }
}
