package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Jdbc;
import io.mizani.application.payment.CheckoutHandOffs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Optional;
import javax.sql.DataSource;

/** checkout_hand_offs: one acquirer page per card payment (V22). */
@ApplicationScoped
public class JdbcCheckoutHandOffs implements CheckoutHandOffs {

    @Inject
    DataSource dataSource;

    @Override
    public void save(long paymentId, String url) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    INSERT INTO checkout_hand_offs (payment_id, url) VALUES (?, ?)
                    ON CONFLICT (payment_id) DO UPDATE SET url = EXCLUDED.url, created_at = now()""")) {
                ps.setLong(1, paymentId);
                ps.setString(2, url);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public Optional<String> find(long paymentId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT url FROM checkout_hand_offs WHERE payment_id = ?")) {
                ps.setLong(1, paymentId);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
                }
            }
        });
    }
}
