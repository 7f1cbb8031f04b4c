package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;

import java.time.Instant;

/**
 * Output port through which the payment use cases tell operations what they do (logs, metrics), without the
 * application layer knowing a logging or metrics framework. Implementations must never throw and must never
 * write a customer's identifiers (phone, id number, account number) anywhere.
 */
public interface PaymentObserver {

    /**
     * The payment worker starts on {@code payment}; everything until {@link Scope#close()} is about it (an
     * implementation typically puts the payment's reference and account id in the logging context).
     */
    Scope processing(Payment payment);

    /**
     * {@code payment} (as stored after the transition) has just become {@code status}, {@code succeeded} or
     * {@code failed}, at {@code at}. Called inside the finalising transaction, once per payment: the transition
     * is conditional, so a payment settled twice is reported once.
     */
    void finished(Payment payment, PaymentStatus status, Instant at);

    /** The end of a {@link #processing} span. */
    interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** Sees nothing (unit tests, and wiring that does not care). */
    PaymentObserver NONE = new PaymentObserver() {
        @Override
        public Scope processing(Payment payment) {
            return () -> { };
        }

        @Override
        public void finished(Payment payment, PaymentStatus status, Instant at) {
        }
    };
}
