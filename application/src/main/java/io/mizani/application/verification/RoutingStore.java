package io.mizani.application.verification;

import io.mizani.domain.common.Money;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Output port: the routing table, shared by every replica through the database (a change applies from the next
 * call on, on every replica).
 */
public interface RoutingStore {

    RoutingTable load();

    /** Replaces the whole table (one transaction). */
    void replace(RoutingTable table);

    /** The operator route of a check; empty when it has none. */
    List<String> route(String check);

    /** provider → cost of one call of this check, in {@code CheckCatalogue.CURRENCY} (KES). */
    Map<String, Money> costs(String check);

    /** Margin per provider and check of the provider calls since {@code since}. */
    List<ProviderMargin> margins(Instant since);
}
