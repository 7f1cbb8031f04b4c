package io.mizani.application.payment;

/**
 * Input port: a provider's own notice of a verdict (M-Pesa STK callback, B2C result) settles the payment it names.
 * False when the notice changed nothing (unknown or already settled payment: providers repeat their callbacks).
 */
public interface SettleProviderNotice {

    /** The payment the provider knows by {@code providerReference}. */
    boolean settle(String provider, String providerReference, RailOutcome outcome);

    /** The payment with the service's own {@code reference} (the provider was told it in the callback URL). */
    boolean settleReference(String provider, String reference, RailOutcome outcome);
}
