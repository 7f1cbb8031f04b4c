package io.mizani.bootstrap.ops;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.scheduler.Scheduled;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

/**
 * Business gauges on /q/metrics, read from the database every 15 s (so a scrape never queries it, and every
 * replica reports the same totals: aggregate with max(), not sum()):
 * <ul>
 *   <li>{@code mizani_outbox_depth{queue}} and {@code mizani_outbox_oldest_age_seconds{queue}}: payments and
 *       callbacks due now, and how overdue the oldest is;</li>
 *   <li>{@code mizani_payments{provider,request_type,status}}: payments by state (totals);</li>
 *   <li>{@code mizani_payment_final_seconds_avg{provider}}: mean acceptance-to-final time over the last hour;</li>
 *   <li>{@code mizani_checks{check,outcome,charge_status}}: identity checks run (totals);</li>
 *   <li>{@code mizani_webhook_attempts{result}}: callback delivery attempts, {@code delivered} or {@code failed}
 *       (non-2xx or no answer), and {@code mizani_webhooks{status}}: callbacks pending, delivered, dead;</li>
 *   <li>{@code mizani_teamkyc_queue{status}}: Team KYC submissions waiting for review.</li>
 * </ul>
 * Totals are gauges of database counts, so they survive restarts; use {@code delta()}/{@code increase()} over
 * them in PromQL as with counters.
 */
@Singleton
public class OpsMetrics {

    private static final Logger LOG = Logger.getLogger(OpsMetrics.class);

    static final Map<String, String> GROUPED = Map.of(
            "mizani_payments", "SELECT provider, request_type, status, count(*) FROM payments GROUP BY 1, 2, 3",
            "mizani_checks", "SELECT check_key, coalesce(status, 'error'), charge_status, count(*) FROM verification_lookups GROUP BY 1, 2, 3",
            "mizani_webhook_attempts", "SELECT CASE WHEN status_code BETWEEN 200 AND 299 THEN 'delivered' ELSE 'failed' END, count(*) "
                    + "FROM event_attempts GROUP BY 1",
            "mizani_webhooks", "SELECT status, count(*) FROM events GROUP BY 1",
            "mizani_teamkyc_queue", "SELECT status, count(*) FROM account_kycs WHERE status IN ('pending', 'in_review') GROUP BY 1",
            "mizani_payment_final_seconds_avg", "SELECT provider, avg(extract(epoch FROM completed_at - created_at)) FROM payments "
                    + "WHERE completed_at > now() - interval '1 hour' GROUP BY 1");

    static final Map<String, List<String>> TAGS = Map.of(
            "mizani_payments", List.of("provider", "request_type", "status"),
            "mizani_checks", List.of("check", "outcome", "charge_status"),
            "mizani_webhook_attempts", List.of("result"),
            "mizani_webhooks", List.of("status"),
            "mizani_teamkyc_queue", List.of("status"),
            "mizani_payment_final_seconds_avg", List.of("provider"));

    /**
     * Label values that always have a series, 0 when the database has no row for them (fixed sets: the CHECK
     * constraints of their columns), so a query such as {@code mizani_webhooks{status="failed"}} has a value from
     * the first refresh on.
     */
    static final Map<String, List<Tags>> ALWAYS = Map.of(
            "mizani_webhooks", List.of(Tags.of("status", "pending"), Tags.of("status", "delivered"),
                    Tags.of("status", "failed"), Tags.of("status", "no_endpoint")),
            "mizani_webhook_attempts", List.of(Tags.of("result", "delivered"), Tags.of("result", "failed")),
            "mizani_teamkyc_queue", List.of(Tags.of("status", "pending"), Tags.of("status", "in_review")));

    /** Means, not counts: a label set without rows has no mean, so its series is removed rather than set to 0. */
    static final Set<String> REMOVED_WHEN_ABSENT = Set.of("mizani_payment_final_seconds_avg");

    @Inject
    MeterRegistry registry;
    @Inject
    WorkBacklog backlog;

    /** The series registered so far, by metric name then label set. */
    private final Map<String, Map<Tags, Series>> series = new ConcurrentHashMap<>();

    private record Series(Gauge gauge, double[] value) {
    }

    @Scheduled(every = "${mizani.ops.metrics-every:15s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void refresh() {
        try {
            for (String worker : WorkBacklog.DUE.keySet()) {
                WorkBacklog.Due due = backlog.due(worker);
                set("mizani_outbox_depth", Tags.of("queue", worker), due.count());
                set("mizani_outbox_oldest_age_seconds", Tags.of("queue", worker), due.oldestSeconds());
            }
            for (var e : GROUPED.entrySet()) {
                apply(e.getKey(), backlog.query(e.getValue()));
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("business metrics not refreshed: %s", e.getMessage());
        }
    }

    /**
     * Sets metric {@code name} to the rows of one successful query (label values in the columns of
     * {@link #TAGS}, the value last). A label set of an earlier refresh that has no row now is a state that
     * emptied (payments of {@code eft_za} no longer {@code pending} once settled): its count is set to 0, a mean is
     * removed. Left at its last value, it would be counted again beside the state the rows moved to.
     */
    void apply(String name, List<Object[]> rows) {
        List<String> tagNames = TAGS.get(name);
        Set<Tags> seen = new HashSet<>();
        for (Object[] row : rows) {
            String[] kv = new String[tagNames.size() * 2];
            for (int i = 0; i < tagNames.size(); i++) {
                kv[2 * i] = tagNames.get(i);
                kv[2 * i + 1] = String.valueOf(row[i]);
            }
            Object value = row[tagNames.size()];
            Tags tags = Tags.of(kv);
            seen.add(tags);
            set(name, tags, value == null ? 0 : ((Number) value).doubleValue());
        }
        for (Tags tags : ALWAYS.getOrDefault(name, List.of())) {
            if (seen.add(tags)) {
                set(name, tags, 0);
            }
        }
        Map<Tags, Series> known = series.getOrDefault(name, Map.of());
        for (var it = known.entrySet().iterator(); it.hasNext(); ) {
            var s = it.next();
            if (seen.contains(s.getKey())) {
                continue;
            }
            if (REMOVED_WHEN_ABSENT.contains(name)) {
                registry.remove(s.getValue().gauge());
                it.remove();
            } else {
                s.getValue().value()[0] = 0;
            }
        }
    }

    private void set(String name, Tags tags, double value) {
        Series s = series.computeIfAbsent(name, n -> new ConcurrentHashMap<>()).computeIfAbsent(tags, t -> {
            double[] h = new double[1];
            Gauge g = Gauge.builder(name, h, x -> x[0]).tags(t).strongReference(true).register(registry);
            return new Series(g, h);
        });
        s.value()[0] = value;
    }
}
