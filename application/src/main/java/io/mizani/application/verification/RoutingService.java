package io.mizani.application.verification;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.verification.CheckCatalogue;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The operator's routing table: validated here, stored through {@link RoutingStore}. */
public final class RoutingService implements ManageRouting {

    private final CheckCatalogue catalogue;
    private final VerificationProviders providers;
    private final RoutingStore store;
    private final UnitOfWork uow;
    private final java.time.Clock clock;

    public RoutingService(CheckCatalogue catalogue, VerificationProviders providers, RoutingStore store,
                          UnitOfWork uow, java.time.Clock clock) {
        this.catalogue = catalogue;
        this.providers = providers;
        this.store = store;
        this.uow = uow;
        this.clock = clock;
    }

    @Override
    public RoutingTable get() {
        return uow.inTransaction(store::load);
    }

    @Override
    public RoutingTable replace(RoutingTable table) {
        Set<String> known = providers.names();
        table.routes().forEach((check, route) -> {
            knownCheck(check, "routes");
            if (route.isEmpty()) {
                throw DomainError.invalidArgument("routes." + check + " must name at least one provider");
            }
            Set<String> seen = new HashSet<>();
            for (String provider : route) {
                knownProvider(provider, known, "routes." + check);
                if (!seen.add(provider)) {
                    throw DomainError.invalidArgument("routes." + check + " names provider " + provider + " twice");
                }
            }
        });
        Map<String, Map<String, BigDecimal>> costs = new LinkedHashMap<>();
        table.costs().forEach((provider, byCheck) -> {
            knownProvider(provider, known, "costs");
            Map<String, BigDecimal> scaled = new LinkedHashMap<>();
            byCheck.forEach((check, cost) -> {
                knownCheck(check, "costs." + provider);
                String field = "costs." + provider + "." + check;
                if (cost == null || cost.signum() < 0 || cost.compareTo(new BigDecimal("1000000000")) >= 0) {
                    throw DomainError.invalidArgument(field + " must be an amount in KES of 0 or more, below 1000000000");
                }
                scaled.put(check, Money.twoDecimals(field, cost));
            });
            costs.put(provider, scaled);
        });
        RoutingTable valid = new RoutingTable(table.routes(), costs);
        uow.run(() -> store.replace(valid));
        return valid; // what this request stored (a concurrent writer may replace it right after)
    }

    @Override
    public List<ProviderMargin> margins(int days) {
        if (days < 1 || days > 366) {
            throw DomainError.invalidArgument("days must be an integer from 1 to 366");
        }
        java.time.Instant since = clock.instant().minus(java.time.Duration.ofDays(days));
        return uow.inTransaction(() -> store.margins(since));
    }

    private void knownCheck(String check, String where) {
        if (catalogue.find(check).isEmpty()) {
            throw DomainError.invalidArgument(where + ": unknown check: " + check);
        }
    }

    private static void knownProvider(String provider, Set<String> known, String where) {
        if (!known.contains(provider)) {
            throw DomainError.invalidArgument(where + ": unknown provider: " + provider + " (known: "
                    + String.join(", ", known.stream().sorted().toList()) + ")");
        }
    }

    /** The route a check takes now: the operator's, else the default. */
    public static List<String> routeOf(String check, RoutingStore store, VerificationProviders providers) {
        List<String> route = store.route(check);
        return route.isEmpty() ? providers.defaultRoute(check) : route;
    }
}
