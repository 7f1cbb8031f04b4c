package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

/** The database gauges follow the rows: a label set whose rows are gone no longer reports its old value. */
class OpsMetricsTest {

    SimpleMeterRegistry registry;
    OpsMetrics metrics;

    @BeforeEach
    void setUp() {
        registry = new SimpleMeterRegistry();
        metrics = new OpsMetrics();
        metrics.registry = registry;
    }

    Double value(String name, String... tags) {
        Gauge g = registry.find(name).tags(tags).gauge();
        return g == null ? null : g.value();
    }

    @Test
    void a_settled_state_drops_to_zero_so_totals_do_not_count_a_payment_twice() {
        metrics.apply("mizani_payments", List.<Object[]>of(new Object[] {"eft_za", "payment", "pending", 3L}));
        assertEquals(3.0, value("mizani_payments", "provider", "eft_za", "status", "pending"));

        // the three payments settled: the query has no pending row any more
        metrics.apply("mizani_payments", List.<Object[]>of(new Object[] {"eft_za", "payment", "succeeded", 3L}));

        assertEquals(0.0, value("mizani_payments", "provider", "eft_za", "status", "pending"));
        assertEquals(3.0, value("mizani_payments", "provider", "eft_za", "status", "succeeded"));
        double total = registry.find("mizani_payments").tag("provider", "eft_za").gauges().stream()
                .mapToDouble(Gauge::value).sum();
        assertEquals(3.0, total, "sum over the states of three payments");
    }

    @Test
    void a_mean_without_rows_is_removed_not_reported_as_zero_seconds() {
        metrics.apply("mizani_payment_final_seconds_avg", List.<Object[]>of(new Object[] {"mpesa_ke", 12.5}));
        assertEquals(12.5, value("mizani_payment_final_seconds_avg", "provider", "mpesa_ke"));

        metrics.apply("mizani_payment_final_seconds_avg", List.of());

        assertNull(value("mizani_payment_final_seconds_avg", "provider", "mpesa_ke"));
        metrics.apply("mizani_payment_final_seconds_avg", List.<Object[]>of(new Object[] {"mpesa_ke", 4.0}));
        assertEquals(4.0, value("mizani_payment_final_seconds_avg", "provider", "mpesa_ke"));
    }

    @Test
    void fixed_label_sets_report_zero_before_any_row() {
        metrics.apply("mizani_teamkyc_queue", List.<Object[]>of(new Object[] {"pending", 2L}));
        assertEquals(2.0, value("mizani_teamkyc_queue", "status", "pending"));
        assertEquals(0.0, value("mizani_teamkyc_queue", "status", "in_review"));
        metrics.apply("mizani_webhooks", List.of());
        assertEquals(0.0, value("mizani_webhooks", "status", "failed"));
        assertEquals(4, registry.find("mizani_webhooks").gauges().size());
    }
}
