package io.mizani.application.payment;

import java.util.Optional;

/**
 * Port: where a card payment's hosted checkout hands the payer on to an acquirer's own page (Paystack's
 * {@code authorization_url}, platform.md section 14). The rail records it when the acquirer opened the transaction;
 * the service's checkout page reads it. Kept durably, so every replica and a restarted one find it.
 */
public interface CheckoutHandOffs {

    /** Records (or replaces) the acquirer's page of this payment. */
    void save(long paymentId, String url);

    Optional<String> find(long paymentId);
}
