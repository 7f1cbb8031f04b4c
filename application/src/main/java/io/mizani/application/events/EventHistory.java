package io.mizani.application.events;

/** GET /api/global/events and /api/global/events/{id}. */
public interface EventHistory {

    /** Filters as sent (null when absent); a malformed or unknown one is a 400 invalid_argument. */
    EventPage list(long accountId, String type, String limit, String startingAfter);

    /** Another merchant's event is not found (404). */
    EventDetail detail(long accountId, String id);

    /** The events of one of the merchant's payments (its row id), oldest first (the console's payment timeline). */
    java.util.List<StoredEvent> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId);
}
