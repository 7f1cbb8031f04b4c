package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The transactions list of one merchant, newest first (created_at, then id), keyset-paged. */
public interface TransactionQuery {

    /** Where a page starts: strictly older than this transaction. */
    record Cursor(Instant createdAt, long id) {
    }

    /** One merchant's transactions that {@link Match}, one {@link Slice} of them. */
    record Filter(long accountId, Match match, Slice slice) {
    }

    /** Every criterion is optional (null). {@code to} is exclusive here. */
    record Match(PaymentStatus status, RequestType requestType, String provider, Instant from, Instant to) {

        public static final Match ALL = new Match(null, null, null, null, null);
    }

    /** At most {@code limit} rows, strictly older than {@code after} (null: from the newest). */
    record Slice(Cursor after, int limit) {
    }

    List<Payment> list(Filter filter);

    /** The position of the merchant's transaction with this reference. */
    Optional<Cursor> cursorOf(long accountId, String reference);

    boolean providerExists(String provider);
}
