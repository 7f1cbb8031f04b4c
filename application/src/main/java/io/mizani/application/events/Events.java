package io.mizani.application.events;

import java.util.Map;

/**
 * Records an event for a merchant: what any use case calls to tell the merchant something happened. Call it
 * inside the {@link io.mizani.application.common.UnitOfWork} transaction of the change it reports: the event is
 * written in that transaction, so it is sent only if the change commits and never lost if it does. The event goes
 * to the merchant's webhook endpoint; with none set it is kept with delivery status {@code no_endpoint}.
 *
 * <p>Example (balances): {@code events.record(accountId, EventTypes.BALANCE_ADJUSTED, Map.of("currency", "KES",
 * "amount", amount, "available", available, "reference", reference))}.
 */
public interface Events {

    /**
     * @param type one of {@link EventTypes#ALL} sent to the endpoint
     * @param data the event's {@code data}: maps, lists, strings, numbers (BigDecimal written plain), booleans, null
     * @return the event id (its {@code webhook-id})
     */
    String record(long accountId, String type, Map<String, ?> data);
}
