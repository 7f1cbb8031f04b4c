package io.mizani.bootstrap.ops;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jboss.logging.Logger;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
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
@ApplicationScoped
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

    @Inject
    MeterRegistry registry;
    @Inject
    WorkBacklog backlog;

    private final Map<String, double[]> doubles = new ConcurrentHashMap<>();

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
                List<String> tagNames = TAGS.get(e.getKey());
                for (Object[] row : backlog.query(e.getValue())) {
                    String[] kv = new String[tagNames.size() * 2];
                    for (int i = 0; i < tagNames.size(); i++) {
                        kv[2 * i] = tagNames.get(i);
                        kv[2 * i + 1] = String.valueOf(row[i]);
                    }
                    Object value = row[tagNames.size()];
                    set(e.getKey(), Tags.of(kv), value == null ? 0 : ((Number) value).doubleValue());
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.debugf("business metrics not refreshed: %s", e.getMessage());
        }
    }

    private void set(String name, Tags tags, double value) {
        String key = name + tags;
        double[] holder = doubles.computeIfAbsent(key, k -> {
            double[] h = new double[1];
            Gauge.builder(name, h, x -> x[0]).tags(tags).strongReference(true).register(registry);
            return h;
        });
        holder[0] = value;
    }
}
