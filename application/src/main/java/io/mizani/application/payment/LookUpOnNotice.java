package io.mizani.application.payment;

import java.util.Set;

/**
 * Input port: an unsigned provider notification (MTN MoMo's callback) names a payment; it never settles the payment
 * on its own word, it only brings the payment's next status lookup at the provider forward to now. False when it
 * names no pending payment of those providers.
 */
public interface LookUpOnNotice {

    /** {@code references}: what the notification names, tried as the service's reference then as a provider reference. */
    boolean lookUpNow(Set<String> providers, Iterable<String> references);
}
