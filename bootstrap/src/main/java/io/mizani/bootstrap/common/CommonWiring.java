package io.mizani.bootstrap.common;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

import io.mizani.domain.common.RateTable;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

/** Clock and the USD rate table (sandbox defaults, each overridable as {@code mizani.rates.<CUR>=<units per USD>}). */
@Singleton
public class CommonWiring {

    /**
     * The service's clock ticks in microseconds, PostgreSQL's resolution: every time the service shows is the time it
     * stored, so a replayed answer (read back from the database) is byte-identical to the first (issue 26: a Team
     * KYC submission answered nanoseconds first and microseconds on its Idempotency-Key replay). It runs on the
     * database's time ({@link ClockAlignment}), so replicas whose machine clocks disagree still agree (issue 35).
     */
    public static final Clock STORED = new AlignedClock(Clock.systemUTC());

    @Produces
    @Singleton
    Clock clock() {
        return STORED;
    }

    @Produces
    @Singleton
    RateTable rateTable(MizaniSettings settings) {
        Map<String, BigDecimal> rates = new HashMap<>(RateTable.SANDBOX_DEFAULTS);
        settings.rates().forEach((currency, rate) -> rates.put(currency.toUpperCase(java.util.Locale.ROOT), rate));
        return new RateTable(rates);
    }
}
