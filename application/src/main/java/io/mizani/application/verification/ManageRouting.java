package io.mizani.application.verification;

/** Input port: the operator reads and replaces the routing table. */
public interface ManageRouting {

    RoutingTable get();

    /** Validates (known checks and providers, non-empty routes without repeats, costs ≥ 0) and replaces. */
    RoutingTable replace(RoutingTable table);

    /** Margin per provider and check over the last {@code days} days (1 to 366). */
    java.util.List<ProviderMargin> margins(int days);
}
