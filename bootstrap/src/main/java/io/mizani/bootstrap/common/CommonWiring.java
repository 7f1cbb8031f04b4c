package io.mizani.bootstrap.common;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

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
    RateTable rateTable(MizaniSettings settings) {
        Map<String, BigDecimal> rates = new HashMap<>(RateTable.SANDBOX_DEFAULTS);
        settings.rates().forEach((currency, rate) -> rates.put(currency.toUpperCase(java.util.Locale.ROOT), rate));
        return new RateTable(rates);
    }
}
