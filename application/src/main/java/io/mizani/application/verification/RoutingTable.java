package io.mizani.application.verification;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The operator's routing (platform.md section 13): per check the ordered providers to try, and per provider and
 * check what a call costs the platform (KES). Operator-wide: no merchant has routes of its own.
 */
public record RoutingTable(Map<String, List<String>> routes, Map<String, Map<String, BigDecimal>> costs) {

    public static final RoutingTable EMPTY = new RoutingTable(Map.of(), Map.of());

    public RoutingTable {
        Map<String, List<String>> r = new TreeMap<>();
        routes.forEach((check, providers) -> r.put(check, List.copyOf(providers)));
        Map<String, Map<String, BigDecimal>> c = new TreeMap<>();
        costs.forEach((provider, byCheck) -> c.put(provider, Collections.unmodifiableMap(new TreeMap<>(byCheck))));
        routes = Collections.unmodifiableMap(new LinkedHashMap<>(r));
        costs = Collections.unmodifiableMap(new LinkedHashMap<>(c));
    }
}
