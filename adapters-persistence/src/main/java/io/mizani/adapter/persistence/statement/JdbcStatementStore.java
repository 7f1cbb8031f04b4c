package io.mizani.adapter.persistence.statement;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.statement.Statement;
import io.mizani.application.statement.StatementStore;
import io.mizani.domain.common.Money;
import io.mizani.domain.statement.StatementId;
import io.mizani.domain.statement.StatementPeriod;
import io.mizani.domain.statement.StatementStatus;
import io.mizani.domain.statement.StatementTotals;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.mapper.RowMapper;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code statements} table: statements and their build jobs (docs/statements.md). Owns it alone. */
@Singleton
public class JdbcStatementStore implements StatementStore {

    private static final String COLUMNS = """
            id, account_id, currency, period_from, period_to, status, opening_balance, total_credits, total_debits,
            entry_count, sha256, byte_size, expires_at, created_at""";

    private final Sql sql;

    @Inject
    public JdbcStatementStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Statement insert(long accountId, Statement.Request request) {
        return sql.with(h -> h.createQuery("""
                        INSERT INTO statements (id, account_id, currency, period_from, period_to, status, created_at)
                        VALUES (gen_random_uuid(), :account, :currency, :from, :to, 'processing',
                                date_trunc('milliseconds', now()))
                        RETURNING""" + " " + COLUMNS)
                .bind("account", accountId)
                .bind("currency", request.currency())
                .bind("from", request.period().from())
                .bind("to", request.period().to())
                .map(STATEMENT).one());
    }

    @Override
    public Optional<Statement> find(long accountId, StatementId id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM statements WHERE id = :id AND account_id = :account")
                .bind("id", id.value()).bind("account", accountId)
                .map(STATEMENT).findOne());
    }

    @Override
    public List<Claim> claim(Duration lease, int limit) {
        return sql.with(h -> h.createQuery("""
                        UPDATE statements SET lease_token = gen_random_uuid(), attempts = attempts + 1,
                            lease_until = now() + make_interval(secs => :lease)
                        WHERE id IN (SELECT id FROM statements
                                     WHERE status = 'processing' AND (lease_until IS NULL OR lease_until <= now())
                                     ORDER BY created_at LIMIT :limit FOR UPDATE SKIP LOCKED)
                        RETURNING id, account_id, currency, period_from, period_to, lease_token, attempts""")
                .bind("lease", lease.toMillis() / 1000.0)
                .bind("limit", limit)
                .map((rs, ctx) -> new Claim(new StatementId(rs.getObject("id", UUID.class)), rs.getLong("account_id"),
                        request(rs), rs.getObject("lease_token", UUID.class), rs.getInt("attempts")))
                .list());
    }

    @Override
    public boolean beginBuild(Claim claim) {
        return sql.with(h -> {
            h.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
            return h.createQuery("""
                            SELECT 1 FROM statements WHERE id = :id AND lease_token = :token AND status = 'processing'
                            FOR UPDATE""")
                    .bind("id", claim.id().value()).bind("token", claim.token())
                    .mapTo(Integer.class).findOne().isPresent();
        });
    }

    @Override
    public Statement complete(Claim claim, StatementTotals totals, String sha256, long size, Duration linkLife) {
        return sql.with(h -> h.createQuery("""
                        UPDATE statements SET status = 'completed', opening_balance = :opening,
                            closing_balance = :closing, total_credits = :credits, total_debits = :debits,
                            entry_count = :count, sha256 = :sha256, byte_size = :size,
                            completed_at = clock_timestamp(),
                            expires_at = date_trunc('second', clock_timestamp()) + make_interval(secs => :life),
                            lease_token = NULL, lease_until = NULL, last_error = NULL
                        WHERE id = :id AND lease_token = :token AND status = 'processing'
                        RETURNING""" + " " + COLUMNS)
                .bind("opening", totals.opening().amount())
                .bind("closing", totals.closing().amount())
                .bind("credits", totals.credits().amount())
                .bind("debits", totals.debits().amount())
                .bind("count", totals.entryCount())
                .bind("sha256", sha256)
                .bind("size", size)
                .bind("life", (double) linkLife.toSeconds())
                .bind("id", claim.id().value())
                .bind("token", claim.token())
                .map(STATEMENT).findOne()
                .orElseThrow(() -> new IllegalStateException("statement " + claim.id() + " is no longer this builder's")));
    }

    @Override
    public void retryLater(Claim claim, Duration delay, String error) {
        sql.use(h -> h.createUpdate("""
                        UPDATE statements SET lease_until = now() + make_interval(secs => :delay), last_error = :error
                        WHERE id = :id AND lease_token = :token AND status = 'processing'""")
                .bind("delay", delay.toMillis() / 1000.0).bind("error", clip(error))
                .bind("id", claim.id().value()).bind("token", claim.token()).execute());
    }

    @Override
    public void fail(Claim claim, String error) {
        sql.use(h -> h.createUpdate("""
                        UPDATE statements SET status = 'failed', last_error = :error, lease_token = NULL,
                            lease_until = NULL
                        WHERE id = :id AND lease_token = :token AND status = 'processing'""")
                .bind("error", clip(error)).bind("id", claim.id().value()).bind("token", claim.token()).execute());
    }

    @Override
    public Optional<Statement> downloadable(StatementId id, Instant linkExpiresAt) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + """
                         FROM statements
                        WHERE id = :id AND status = 'completed' AND purged_at IS NULL AND :expires > now()""")
                .bind("id", id.value()).bind("expires", OffsetDateTime.ofInstant(linkExpiresAt, java.time.ZoneOffset.UTC))
                .map(STATEMENT).findOne());
    }

    @Override
    public List<StatementId> purgeExpired(Duration grace, int limit) {
        return sql.with(h -> h.createQuery("""
                        UPDATE statements SET purged_at = now()
                        WHERE id IN (SELECT id FROM statements
                                     WHERE status = 'completed' AND purged_at IS NULL
                                       AND expires_at < now() - make_interval(secs => :grace)
                                     ORDER BY expires_at LIMIT :limit FOR UPDATE SKIP LOCKED)
                        RETURNING id""")
                .bind("grace", (double) grace.toSeconds()).bind("limit", limit)
                .map((rs, ctx) -> new StatementId(rs.getObject("id", UUID.class))).list());
    }

    private static String clip(String error) {
        return error == null ? null : error.length() > 1000 ? error.substring(0, 1000) : error;
    }

    private static Statement.Request request(ResultSet rs) throws SQLException {
        return new Statement.Request(rs.getString("currency").trim(), new StatementPeriod(
                rs.getObject("period_from", java.time.LocalDate.class), rs.getObject("period_to", java.time.LocalDate.class)));
    }

    private static final RowMapper<Statement> STATEMENT = (rs, ctx) -> {
        StatementStatus status = StatementStatus.parse(rs.getString("status")).orElseThrow();
        Statement.Request request = request(rs);
        Statement.Result result = null;
        if (status == StatementStatus.COMPLETED) {
            String cur = request.currency();
            StatementTotals totals = new StatementTotals(Money.of(rs.getBigDecimal("opening_balance"), cur),
                    Money.of(rs.getBigDecimal("total_credits"), cur), Money.of(rs.getBigDecimal("total_debits"), cur),
                    rs.getLong("entry_count"));
            result = new Statement.Result(totals, new Statement.File(rs.getString("sha256"), rs.getLong("byte_size"),
                    rs.getTimestamp("expires_at").toInstant()));
        }
        return new Statement(new StatementId(rs.getObject("id", UUID.class)), rs.getLong("account_id"), request, status,
                result, rs.getTimestamp("created_at").toInstant());
    };
}
