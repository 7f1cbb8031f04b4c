package io.mizani.adapter.persistence.tenancy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.tenancy.FailedAuthentications;
import jakarta.inject.Singleton;

/**
 * The table {@code auth_failures} (V21). {@link #add} is one statement: an upsert whose update keeps the failures of
 * the window ({@code recent}, pruned with PostgreSQL's {@code now()}), adds the new ones and, past the limit, sets
 * {@code blocked_until} and empties the window. {@code ON CONFLICT DO UPDATE} takes the row's lock and evaluates
 * every expression on its latest version, so failures added at the same moment by several replicas all count.
 */
@Singleton
class JdbcFailedAuthentications implements FailedAuthentications {

    /** The failures of the row still inside the window. */
    private static final String KEPT = "ARRAY(SELECT t FROM unnest(f.recent) t WHERE t > now() - make_interval(secs => :window))";
    private static final String OVER = "cardinality(" + KEPT + ") + :count > :limit";

    static final String ADD = """
            INSERT INTO auth_failures AS f (address, recent, blocked_until, updated_at)
            VALUES (:address,
                    CASE WHEN :count > :limit THEN '{}'::timestamptz[] ELSE array_fill(now(), ARRAY[:count]) END,
                    CASE WHEN :count > :limit THEN now() + make_interval(secs => :block) END,
                    now())
            ON CONFLICT (address) DO UPDATE SET
                recent = CASE WHEN %1$s THEN '{}'::timestamptz[] ELSE %2$s || array_fill(now(), ARRAY[:count]) END,
                blocked_until = CASE WHEN %1$s THEN greatest(f.blocked_until, now() + make_interval(secs => :block))
                                     ELSE f.blocked_until END,
                updated_at = now()
            RETURNING coalesce(ceil(extract(epoch FROM f.blocked_until - now())), 0)::bigint
            """.formatted(OVER, KEPT);

    private final Sql sql;

    JdbcFailedAuthentications(Sql sql) {
        this.sql = sql;
    }

    @Override
    public long add(String address, int failures, Rule rule) {
        if (failures < 1) {
            return 0;
        }
        // more than limit + 1 at once changes nothing: the address is blocked either way
        int count = Math.min(failures, rule.limit() + 1);
        long seconds = sql.with(h -> h.createQuery(ADD)
                .bind("address", address)
                .bind("count", count)
                .bind("limit", rule.limit())
                .bind("window", rule.window().toMillis() / 1000.0)
                .bind("block", rule.block().toMillis() / 1000.0)
                .mapTo(Long.class).one());
        return Math.max(0, seconds);
    }

    @Override
    public Map<String, Long> blocked() {
        return sql.with(h -> h.createQuery("""
                        SELECT address, ceil(extract(epoch FROM blocked_until - now()))::bigint AS seconds
                        FROM auth_failures WHERE blocked_until > now()""")
                .reduceRows(new HashMap<String, Long>(), (map, row) -> {
                    map.put(row.getColumn("address", String.class), row.getColumn("seconds", Long.class));
                    return map;
                }));
    }

    @Override
    public int forget(Duration idle) {
        return sql.with(h -> h.createUpdate("""
                        DELETE FROM auth_failures
                        WHERE updated_at < now() - make_interval(secs => :idle)
                          AND (blocked_until IS NULL OR blocked_until < now())""")
                .bind("idle", idle.toMillis() / 1000.0).execute());
    }
}
