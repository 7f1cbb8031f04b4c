package io.mizani.bootstrap.common;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.microprofile.config.Config;

import io.mizani.domain.common.RateTable;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/** Clock and the USD rate table (sandbox defaults, each overridable as {@code mizani.rates.<CUR>=<units per USD>}). */
@ApplicationScoped
public class CommonWiring {

    @Produces
    @ApplicationScoped
    Clock clock() {
        return Clock.systemUTC();
    }

    @Produces
    @ApplicationScoped
    RateTable rateTable(Config config) {
        Map<String, BigDecimal> rates = new HashMap<>(RateTable.SANDBOX_DEFAULTS);
        for (String name : config.getPropertyNames()) {
            if (name.startsWith("mizani.rates.")) {
                String currency = name.substring("mizani.rates.".length()).toUpperCase(java.util.Locale.ROOT);
                config.getOptionalValue(name, String.class).ifPresent(v -> rates.put(currency, new BigDecimal(v.trim())));
            }
        }
        return new RateTable(rates);
    }
}
