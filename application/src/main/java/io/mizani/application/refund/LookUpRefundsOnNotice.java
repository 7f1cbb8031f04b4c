package io.mizani.application.refund;

import java.util.Set;

/**
 * Input port: a provider's refund notification (Paystack's {@code refund.processed} / {@code refund.failed}) names
 * the collection it refunded. Like every notification it settles nothing on its own word: it brings the next status
 * lookup of that collection's pending refunds forward to now, and that lookup's answer settles them. False when it
 * names no collection of those providers with a pending refund.
 */
public interface LookUpRefundsOnNotice {

    /** {@code references}: what the notification names, tried as the service's reference then as a provider reference. */
    boolean lookUpNow(Set<String> providers, Iterable<String> references);
}
