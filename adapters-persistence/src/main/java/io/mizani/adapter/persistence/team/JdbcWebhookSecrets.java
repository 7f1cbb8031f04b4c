package io.mizani.adapter.persistence.team;

import io.mizani.adapter.persistence.common.Jdbc;

import io.mizani.application.payment.WebhookSecrets;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import javax.sql.DataSource;

/** accounts.webhook_secret (column owned by the foundation; written at onboarding). */
@ApplicationScoped
public class JdbcWebhookSecrets implements WebhookSecrets {

    @Inject
    DataSource dataSource;

    @Override
    public Optional<String> current(long accountId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT webhook_secret FROM accounts WHERE id = ?")) {
                ps.setLong(1, accountId);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }

    @Override
    public void replace(long accountId, String secret) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("UPDATE accounts SET webhook_secret = ? WHERE id = ?")) {
                ps.setString(1, secret);
                ps.setLong(2, accountId);
                return ps.executeUpdate();
            }
        });
    }
}
