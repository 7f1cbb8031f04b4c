package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.payment.CheckoutHandOffs;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.util.Optional;

/** checkout_hand_offs: one acquirer page per card payment (V22), Jdbi with named parameters. */
@Singleton
public class JdbcCheckoutHandOffs implements CheckoutHandOffs {

    @Inject
    Sql sql;

    @Override
    public void save(long paymentId, String url) {
        sql.use(h -> h.createUpdate("""
                        INSERT INTO checkout_hand_offs (payment_id, url) VALUES (:payment, :url)
                        ON CONFLICT (payment_id) DO UPDATE SET url = EXCLUDED.url, created_at = now()""")
                .bind("payment", paymentId).bind("url", url).execute());
    }

    @Override
    public Optional<String> find(long paymentId) {
        return sql.with(h -> h.createQuery("SELECT url FROM checkout_hand_offs WHERE payment_id = :payment")
                .bind("payment", paymentId).mapTo(String.class).findFirst());
    }
}
