package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Jdbc;

import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.application.payment.PaymentStore;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.payout.PayeeCheck;
import io.mizani.domain.payout.PayeeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * payments: the rows and the queue. Every status change is one conditional UPDATE. The customer's phone and ID
 * number and the account number are stored sealed ({@link SealedText}); nothing looks payments up by them.
 */
@ApplicationScoped
public class JdbcPaymentStore implements PaymentStore {

    public static final String COLUMNS = """
            id, account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id,
            amount, currency, country, amount_usd, fee, beneficiary_id, beneficiary_uuid, tier0_counted_usd,
            customer_first_name, customer_last_name, customer_email, customer_phone, customer_dob, customer_country,
            customer_id_type, customer_id_number, account_number, callback_url, redirect_url, remark,
            payment_category, reason, status, failure_reason, provider_reference, checkout_token, checks,
            created_at, updated_at, pending_since, completed_at, payee_check_status, payee_check_score""";

    @Inject
    DataSource dataSource;

    @Inject
    SealedText sealed;

    @Override
    public boolean merchantReferenceTaken(long accountId, String merchantReference) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT 1 FROM payments WHERE account_id = ? AND merchant_reference = ?")) {
                ps.setLong(1, accountId);
                ps.setString(2, merchantReference);
                try (var rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }

    @Override
    public Payment insert(Payment p, Instant nextCheckAt) {
        Map<String, Object> row = row(p, nextCheckAt);
        String sql = "INSERT INTO payments (" + String.join(", ", row.keySet()) + ") VALUES ("
                + String.join(",", java.util.Collections.nCopies(row.size(), "?")) + ") RETURNING " + COLUMNS;
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(sql)) {
                int i = 0;
                for (Object value : row.values()) {
                    Jdbc.set(ps, ++i, value);
                }
                // the row as stored comes back with the insert (RETURNING): no second round trip to re-read it
                try {
                    return one(ps.executeQuery()).orElseThrow();
                } catch (SQLException e) {
                    if ("23505".equals(e.getSQLState()) && String.valueOf(e.getMessage()).contains("merchant_reference")) {
                        throw DomainError.invalidArgument(
                                "payment_config.reference \"" + p.references().merchantReference()
                                        + "\" has already been used");
                    }
                    throw e;
                }
            }
        });
    }

    /**
     * A payout batch's payments in one statement: every column sent as one text array (the rows' values in the
     * batch's order) and cast to the column's own type in {@code INSERT ... SELECT ... FROM unnest(...)}, each row
     * answering only its id. Measured on a 10,000-item batch (docs/performance.md "Payout batches"): the 10 multi-row
     * INSERTs of 1,000 rows this replaces spent as long parsing and binding their 45,000 parameters as executing.
     * The stored payment is the one sent with its id (matched by merchant reference, unique per Team), so the rows
     * are not read back and their sealed fields not opened again.
     */
    @Override
    public List<Payment> insertAll(List<Payment> payments, Instant nextCheckAt, long payoutBatchId) {
        if (payments.isEmpty()) {
            return List.of();
        }
        return Jdbc.with(dataSource, c -> {
            Map<String, String> types = columnTypes(c);
            List<String> keys = null;
            List<String[]> columns = null;
            for (int r = 0; r < payments.size(); r++) {
                Map<String, Object> row = row(payments.get(r), nextCheckAt);
                row.put("payout_batch_id", payoutBatchId);
                if (keys == null) {
                    keys = new ArrayList<>(row.keySet());
                    columns = new ArrayList<>(keys.size());
                    for (int k = 0; k < keys.size(); k++) {
                        columns.add(new String[payments.size()]);
                    }
                }
                int k = 0;
                for (Object value : row.values()) {
                    columns.get(k++)[r] = text(value);
                }
            }
            StringBuilder sql = new StringBuilder("INSERT INTO payments (").append(String.join(", ", keys))
                    .append(") SELECT ");
            for (int k = 0; k < keys.size(); k++) {
                String type = types.get(keys.get(k));
                if (type == null) {
                    throw new IllegalStateException("payments has no column " + keys.get(k));
                }
                sql.append(k == 0 ? "" : ", ").append("v.").append(keys.get(k)).append("::").append(type);
            }
            sql.append(" FROM unnest(").append(String.join(", ", java.util.Collections.nCopies(keys.size(), "?::text[]")))
                    .append(") AS v(").append(String.join(", ", keys)).append(") RETURNING id, merchant_reference");
            var ids = new java.util.HashMap<String, Long>(payments.size() * 2);
            try (var ps = c.prepareStatement(sql.toString())) {
                for (int k = 0; k < keys.size(); k++) {
                    ps.setArray(k + 1, c.createArrayOf("text", columns.get(k)));
                }
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.put(rs.getString(2), rs.getLong(1));
                    }
                } catch (SQLException e) {
                    if ("23505".equals(e.getSQLState()) && String.valueOf(e.getMessage()).contains("merchant_reference")) {
                        var m = DUPLICATE.matcher(String.valueOf(e.getMessage()));
                        throw DomainError.invalidArgument("payment_config.reference "
                                + (m.find() ? "\"" + m.group(1) + "\" " : "of an item ")
                                + "has already been used (since the batch was created)");
                    }
                    throw e;
                }
            }
            var out = new ArrayList<Payment>(payments.size());
            for (Payment p : payments) {
                Long id = ids.get(p.references().merchantReference());
                if (id == null) {
                    throw new IllegalStateException("payment " + p.reference().value() + " of payout batch "
                            + payoutBatchId + " was not stored");
                }
                out.add(p.stored(id));
            }
            return out;
        });
    }

    private static final java.util.regex.Pattern DUPLICATE = java.util.regex.Pattern.compile(
            "Key \\(account_id, merchant_reference\\)=\\(\\d+, (.*)\\) already exists");

    /** The payments table's columns and their types as SQL names ({@code format_type}), read once. */
    private volatile Map<String, String> columnTypes;

    private Map<String, String> columnTypes(java.sql.Connection c) throws SQLException {
        Map<String, String> known = columnTypes;
        if (known != null) {
            return known;
        }
        Map<String, String> types = new java.util.HashMap<>();
        try (var ps = c.prepareStatement("""
                SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
                WHERE attrelid = 'payments'::regclass AND attnum > 0 AND NOT attisdropped""");
             var rs = ps.executeQuery()) {
            while (rs.next()) {
                types.put(rs.getString(1), rs.getString(2));
            }
        }
        columnTypes = Map.copyOf(types);
        return columnTypes;
    }

    /** A row value as PostgreSQL reads it from text (the column's cast does the rest); null stays null. */
    static String text(Object value) {
        return switch (value) {
            case null -> null;
            case String s -> s;
            case Long n -> n.toString();
            case Integer n -> n.toString();
            case java.math.BigDecimal d -> d.toPlainString();
            case Instant i -> i.toString();
            case Date d -> d.toString();
            case Boolean b -> b.toString();
            case UUID u -> u.toString();
            default -> throw new IllegalArgumentException("no text form for a " + value.getClass().getName());
        };
    }

    @Override
    public java.util.Set<String> merchantReferencesTaken(long accountId, java.util.Collection<String> references) {
        if (references.isEmpty()) {
            return java.util.Set.of();
        }
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(
                    "SELECT merchant_reference FROM payments WHERE account_id = ? AND merchant_reference = ANY (?)")) {
                ps.setLong(1, accountId);
                ps.setArray(2, c.createArrayOf("text", references.toArray()));
                var out = new java.util.HashSet<String>();
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getString(1));
                    }
                }
                return out;
            }
        });
    }

    @Override
    public Optional<Payment> findByMerchantReference(long accountId, String merchantReference) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT " + COLUMNS + " FROM payments WHERE account_id = ? AND merchant_reference = ?")) {
                ps.setLong(1, accountId);
                ps.setString(2, merchantReference);
                return one(ps.executeQuery());
            }
        });
    }

    @Override
    public Optional<Payment> findById(long id) {
        return Jdbc.with(dataSource, c -> byId(c, id));
    }

    @Override
    public Optional<Payment> lockByCheckoutToken(String token) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT " + COLUMNS + " FROM payments WHERE checkout_token = ? FOR UPDATE")) {
                ps.setString(1, token);
                return one(ps.executeQuery());
            }
        });
    }

    @Override
    public Optional<Payment> lockByProviderReference(String provider, String providerReference) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(
                    "SELECT " + COLUMNS + " FROM payments WHERE provider = ? AND provider_reference = ? FOR UPDATE")) {
                ps.setString(1, provider);
                ps.setString(2, providerReference);
                return one(ps.executeQuery());
            }
        });
    }

    @Override
    public Optional<Payment> lockByReference(String reference) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT " + COLUMNS + " FROM payments WHERE reference = ? FOR UPDATE")) {
                ps.setString(1, reference);
                return one(ps.executeQuery());
            }
        });
    }

    @Override
    public Optional<Claim> claimNext(Instant now, Duration lease, String worker) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    WITH due AS (SELECT id AS due_id, submitted_at AS submitted_before FROM payments
                                 WHERE status IN ('queued', 'pending') AND next_check_at IS NOT NULL AND next_check_at <= ?
                                   AND (claimed_until IS NULL OR claimed_until <= ?)
                                 ORDER BY next_check_at LIMIT 1 FOR UPDATE SKIP LOCKED)
                    UPDATE payments SET claimed_until = ?, next_check_at = ?, claimed_by = ?,
                        submitted_at = COALESCE(submitted_at, ?)
                    FROM due WHERE id = due.due_id
                    RETURNING due.submitted_before IS NOT NULL AS was_submitted, """ + " " + COLUMNS)) {
                ps.setTimestamp(1, Timestamp.from(now));
                ps.setTimestamp(2, Timestamp.from(now));
                ps.setTimestamp(3, Timestamp.from(now.plus(lease)));
                ps.setTimestamp(4, Timestamp.from(now.plus(lease)));
                ps.setString(5, worker);
                ps.setTimestamp(6, Timestamp.from(now));
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Claim(map(rs), rs.getBoolean("was_submitted"))) : Optional.empty();
                }
            }
        });
    }

    /**
     * Fair claiming, round-robin by merchant (docs/architecture.md "Fair claiming"). One statement in three steps:
     * <ol>
     * <li>the merchants with a due payment, one index probe each on {@code payments_due_by_account} (a loose index
     *     scan: {@code account_id > previous ORDER BY account_id LIMIT 1});</li>
     * <li>each merchant's oldest unclaimed due payments (at most a pool of twice the round), numbered by their turn
     *     within their merchant, and the pool taken in (turn, due time) order: every merchant's oldest due payment
     *     first, then every merchant's second, ...;</li>
     * <li>those candidates locked one by one in that order ({@code FOR UPDATE SKIP LOCKED}, each re-checked as still
     *     due and unclaimed on its newest version) until the round is full, and leased.</li>
     * </ol>
     * PostgreSQL does not lock rows in a query with window functions, hence candidates first, then the locks. A
     * candidate another worker claimed in the meantime is skipped (locked) or fails the re-check (claimed), so no
     * payment is ever claimed twice; the pool is twice the round so that two replicas claiming at the same moment
     * both fill their rounds. The cost follows the merchants with due payments and the round's size, not the number
     * of due payments (a 100,000-item backlog of one merchant costs a round what 100 items cost).
     */
    static final String CLAIM_DUE = """
            WITH RECURSIVE merchants AS (
                (SELECT account_id FROM payments
                 WHERE status IN ('queued', 'pending') AND next_check_at IS NOT NULL AND next_check_at <= ?
                 ORDER BY account_id LIMIT 1)
                UNION ALL
                SELECT (SELECT p.account_id FROM payments p
                        WHERE p.status IN ('queued', 'pending') AND p.next_check_at IS NOT NULL AND p.next_check_at <= ?
                          AND p.account_id > m.account_id
                        ORDER BY p.account_id LIMIT 1)
                FROM merchants m WHERE m.account_id IS NOT NULL),
            pool AS (
                SELECT ARRAY(SELECT c.id FROM merchants m CROSS JOIN LATERAL (
                        SELECT id, next_check_at, row_number() OVER (ORDER BY next_check_at, id) AS turn FROM payments
                        WHERE account_id = m.account_id AND status IN ('queued', 'pending') AND next_check_at IS NOT NULL
                          AND next_check_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                        ORDER BY next_check_at, id LIMIT ?) c
                    WHERE m.account_id IS NOT NULL
                    ORDER BY c.turn, c.next_check_at, c.id LIMIT ?) AS ids),
            due AS (
                SELECT locked.due_id, locked.submitted_before, candidate.pos
                FROM pool CROSS JOIN unnest(pool.ids) WITH ORDINALITY AS candidate(id, pos)
                CROSS JOIN LATERAL (
                    SELECT id AS due_id, submitted_at AS submitted_before FROM payments
                    WHERE id = candidate.id AND status IN ('queued', 'pending') AND next_check_at IS NOT NULL
                      AND next_check_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
                    FOR UPDATE SKIP LOCKED) locked
                LIMIT ?)
            UPDATE payments SET claimed_until = ?, next_check_at = ?, claimed_by = ?,
                submitted_at = COALESCE(submitted_at, ?)
            FROM due WHERE id = due.due_id
            RETURNING due.submitted_before IS NOT NULL AS was_submitted, due.pos AS turn_order, """ + " " + COLUMNS;

    @Override
    public List<Claim> claimDue(Instant now, Duration lease, String worker, int limit) {
        int round = Math.max(1, limit);
        Timestamp at = Timestamp.from(now);
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(CLAIM_DUE)) {
                int i = 0;
                ps.setTimestamp(++i, at);            // merchants: first
                ps.setTimestamp(++i, at);            // merchants: next
                ps.setTimestamp(++i, at);            // pool: due
                ps.setTimestamp(++i, at);            // pool: lease over
                ps.setInt(++i, 2 * round);           // pool: per merchant
                ps.setInt(++i, 2 * round);           // pool
                ps.setTimestamp(++i, at);            // lock: still due
                ps.setTimestamp(++i, at);            // lock: still unclaimed
                ps.setInt(++i, round);               // the round
                Timestamp leaseEnd = Timestamp.from(now.plus(lease));
                ps.setTimestamp(++i, leaseEnd);      // claimed_until
                ps.setTimestamp(++i, leaseEnd);      // next_check_at: not due while leased
                ps.setString(++i, worker);
                ps.setTimestamp(++i, at);
                var out = new ArrayList<Claim>();
                var turnOrder = new ArrayList<Long>();
                try (var rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Claim(map(rs), rs.getBoolean("was_submitted")));
                        turnOrder.add(rs.getLong("turn_order"));
                    }
                }
                // UPDATE ... RETURNING gives no order: back in the turns' order (each merchant's oldest first)
                var order = new ArrayList<Integer>();
                for (int k = 0; k < out.size(); k++) {
                    order.add(k);
                }
                order.sort(java.util.Comparator.comparing(turnOrder::get));
                var sorted = new ArrayList<Claim>(out.size());
                order.forEach(k -> sorted.add(out.get(k)));
                return sorted;
            }
        });
    }

    @Override
    public void rescheduleAndRelease(long id, Instant nextCheckAt, String worker) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(RESCHEDULE_AND_RELEASE)) {
                bindRescheduleAndRelease(ps, id, nextCheckAt, worker);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public boolean transitionAndRelease(long id, PaymentStatus from, PaymentStatus to, Instant now,
                                        String providerReference, String failureReason, Instant nextCheckAt,
                                        String worker) {
        if (!from.canMoveTo(to)) {
            throw new IllegalStateException("illegal payment transition " + from + " -> " + to);
        }
        boolean moved = Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(TRANSITION_AND_RELEASE)) {
                bindTransitionAndRelease(ps, id, from, to, now, providerReference, failureReason, nextCheckAt, worker);
                return ps.executeUpdate() == 1;
            }
        });
        if (!moved) {
            release(id, worker); // someone else moved it first: nothing to write but the lease
        }
        return moved;
    }

    /**
     * The same statements as {@link #transitionAndRelease}, {@link #transition} and {@link #rescheduleAndRelease},
     * each kind as one JDBC batch (pgjdbc pipelines a batch: one round trip per kind, not per payment), then the
     * releases of the sent payments someone else had moved first.
     */
    @Override
    public void recordLooks(List<Look> looks, String worker) {
        List<Look> sent = looks.stream().filter(l -> l.kind() == Look.Kind.SENT).toList();
        List<Look> unanswered = looks.stream().filter(l -> l.kind() == Look.Kind.NO_ANSWER).toList();
        List<Look> rescheduled = looks.stream().filter(l -> l.kind() != Look.Kind.SENT).toList();
        Jdbc.with(dataSource, c -> {
            List<Long> notMoved = new ArrayList<>();
            if (!sent.isEmpty()) {
                try (var ps = c.prepareStatement(TRANSITION_AND_RELEASE)) {
                    for (Look l : sent) {
                        bindTransitionAndRelease(ps, l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(),
                                l.providerReference(), null, l.nextCheckAt(), worker);
                        ps.addBatch();
                    }
                    int[] counts = ps.executeBatch();
                    for (int i = 0; i < counts.length; i++) {
                        if (counts[i] == 0) {
                            notMoved.add(sent.get(i).paymentId());
                        }
                    }
                }
            }
            if (!unanswered.isEmpty()) {
                try (var ps = c.prepareStatement(TRANSITION.replace("/*release*/", ""))) {
                    for (Look l : unanswered) {
                        bindTransition(ps, l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(), null,
                                null, l.nextCheckAt());
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
            if (!rescheduled.isEmpty()) {
                try (var ps = c.prepareStatement(RESCHEDULE_AND_RELEASE)) {
                    for (Look l : rescheduled) {
                        bindRescheduleAndRelease(ps, l.paymentId(), l.nextCheckAt(), worker);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
            if (!notMoved.isEmpty()) {
                try (var ps = c.prepareStatement(RELEASE)) {
                    for (long id : notMoved) {
                        ps.setLong(1, id);
                        ps.setString(2, worker);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
            return null;
        });
    }

    private static final String RESCHEDULE_AND_RELEASE = """
            UPDATE payments SET next_check_at = CASE WHEN status IN ('queued', 'pending') THEN ? ELSE next_check_at END,
                checks = checks + CASE WHEN status IN ('queued', 'pending') THEN 1 ELSE 0 END,
                claimed_until = CASE WHEN claimed_by = ? THEN NULL ELSE claimed_until END,
                claimed_by = CASE WHEN claimed_by = ? THEN NULL ELSE claimed_by END
            WHERE id = ? AND (status IN ('queued', 'pending') OR claimed_by = ?)""";

    private static void bindRescheduleAndRelease(java.sql.PreparedStatement ps, long id, Instant nextCheckAt,
                                                 String worker) throws SQLException {
        ps.setTimestamp(1, Jdbc.ts(nextCheckAt));
        ps.setString(2, worker);
        ps.setString(3, worker);
        ps.setLong(4, id);
        ps.setString(5, worker);
    }

    /**
     * A claim moves {@code next_check_at} to the lease's end with {@code claimed_until}, so a leased payment is not due
     * and the claim's index scans never step over it (docs/architecture.md "Fair claiming"). A lease given up without
     * a new time (nothing sent, or an outcome another path already wrote) makes the payment due again at once, as it
     * was when claimed; a time written since the claim ({@code next_check_at} no longer the lease's end) is kept.
     */
    private static final String DUE_AGAIN =
            "next_check_at = CASE WHEN next_check_at = claimed_until THEN LEAST(next_check_at, now()) ELSE next_check_at END";

    private static final String RELEASE =
            "UPDATE payments SET " + DUE_AGAIN + ", claimed_until = NULL, claimed_by = NULL WHERE id = ? AND claimed_by = ?";

    @Override
    public Optional<Payment> transitionReturning(long id, PaymentStatus from, PaymentStatus to, Instant now,
                                                 String providerReference, String failureReason, Instant nextCheckAt) {
        if (!from.canMoveTo(to)) {
            throw new IllegalStateException("illegal payment transition " + from + " -> " + to);
        }
        String release = to.isFinal() ? ", claimed_until = NULL, claimed_by = NULL" : "";
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(TRANSITION.replace("/*release*/", release) + " RETURNING " + COLUMNS)) {
                bindTransition(ps, id, from, to, now, providerReference, failureReason, nextCheckAt);
                return one(ps.executeQuery());
            }
        });
    }

    private static final String TRANSITION = """
            UPDATE payments SET status = ?, updated_at = ?,
                provider_reference = COALESCE(?, provider_reference),
                failure_reason = COALESCE(?, failure_reason),
                next_check_at = ?,
                pending_since = CASE WHEN ? = 'pending' THEN ? ELSE pending_since END,
                completed_at = CASE WHEN ? IN ('succeeded', 'failed') THEN ? ELSE completed_at END /*release*/
            WHERE id = ? AND status = ?""";

    // the outcome is written whoever holds the lease now (a provider reference must not be lost); the lease is
    // cleared only if it is still this worker's. Positional parameters: the CASEs come first.
    private static final String TRANSITION_AND_RELEASE = TRANSITION.replace("UPDATE payments SET ",
                    "UPDATE payments SET claimed_until = CASE WHEN claimed_by = ? THEN NULL ELSE claimed_until END, "
                            + "claimed_by = CASE WHEN claimed_by = ? THEN NULL ELSE claimed_by END, ")
            .replace("/*release*/", "");

    private static void bindTransitionAndRelease(java.sql.PreparedStatement ps, long id, PaymentStatus from,
                                                 PaymentStatus to, Instant now, String providerReference,
                                                 String failureReason, Instant nextCheckAt, String worker)
            throws SQLException {
        ps.setString(1, worker);
        ps.setString(2, worker);
        bindTransition(ps, 2, id, from, to, now, providerReference, failureReason, nextCheckAt);
    }

    private static void bindTransition(java.sql.PreparedStatement ps, long id, PaymentStatus from, PaymentStatus to,
                                       Instant now, String providerReference, String failureReason,
                                       Instant nextCheckAt) throws SQLException {
        bindTransition(ps, 0, id, from, to, now, providerReference, failureReason, nextCheckAt);
    }

    private static void bindTransition(java.sql.PreparedStatement ps, int o, long id, PaymentStatus from,
                                       PaymentStatus to, Instant now, String providerReference, String failureReason,
                                       Instant nextCheckAt) throws SQLException {
        ps.setString(o + 1, to.wire());
        ps.setTimestamp(o + 2, Timestamp.from(now));
        ps.setString(o + 3, providerReference);
        ps.setString(o + 4, failureReason);
        ps.setTimestamp(o + 5, Jdbc.ts(nextCheckAt));
        ps.setString(o + 6, to.wire());
        ps.setTimestamp(o + 7, Timestamp.from(now));
        ps.setString(o + 8, to.wire());
        ps.setTimestamp(o + 9, Timestamp.from(now));
        ps.setLong(o + 10, id);
        ps.setString(o + 11, from.wire());
    }

    @Override
    public void giveBack(long id, String worker, boolean firstClaim) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    UPDATE payments SET\s""" + DUE_AGAIN + """
                        , claimed_until = NULL, claimed_by = NULL,
                        submitted_at = CASE WHEN ? THEN NULL ELSE submitted_at END
                    WHERE id = ? AND claimed_by = ?""")) {
                ps.setBoolean(1, firstClaim);
                ps.setLong(2, id);
                ps.setString(3, worker);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public void release(long id, String worker) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(RELEASE)) {
                ps.setLong(1, id);
                ps.setString(2, worker);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public boolean transition(long id, PaymentStatus from, PaymentStatus to, Instant now, String providerReference,
                              String failureReason, Instant nextCheckAt) {
        if (!from.canMoveTo(to)) {
            throw new IllegalStateException("illegal payment transition " + from + " -> " + to);
        }
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(TRANSITION.replace("/*release*/", ""))) {
                bindTransition(ps, id, from, to, now, providerReference, failureReason, nextCheckAt);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public void nudge(long id, Instant now, Duration slack) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    UPDATE payments SET next_check_at = ?
                    WHERE id = ? AND status = 'pending' AND next_check_at IS NOT NULL AND next_check_at > ?""")) {
                ps.setTimestamp(1, Timestamp.from(now));
                ps.setLong(2, id);
                ps.setTimestamp(3, Timestamp.from(now.plus(slack)));
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public void scheduleCheck(long id, Instant nextCheckAt, boolean countCheck) {
        Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("""
                    UPDATE payments SET next_check_at = ?, checks = checks + ?
                    WHERE id = ? AND status IN ('queued', 'pending')""")) {
                ps.setTimestamp(1, Jdbc.ts(nextCheckAt));
                ps.setInt(2, countCheck ? 1 : 0);
                ps.setLong(3, id);
                return ps.executeUpdate();
            }
        });
    }

    private Optional<Payment> byId(Connection c, long id) throws SQLException {
        try (var ps = c.prepareStatement("SELECT " + COLUMNS + " FROM payments WHERE id = ?")) {
            ps.setLong(1, id);
            return one(ps.executeQuery());
        }
    }

    private Optional<Payment> one(ResultSet rs) throws SQLException {
        try (rs) {
            return rs.next() ? Optional.of(map(rs)) : Optional.empty();
        }
    }

    private List<Payment> all(ResultSet rs) throws SQLException {
        try (rs) {
            var out = new ArrayList<Payment>();
            while (rs.next()) {
                out.add(map(rs));
            }
            return out;
        }
    }

    /** The columns a new payment is inserted with, each named beside its value, part by part. */
    private Map<String, Object> row(Payment p, Instant nextCheckAt) {
        var row = new LinkedHashMap<String, Object>();
        row.put("account_id", p.accountId().value());
        Payment.References refs = p.references();
        row.put("reference", refs.reference().value());
        row.put("merchant_reference", refs.merchantReference());
        row.put("checkout_token", refs.checkoutToken());
        Payment.Routing r = p.routing();
        row.put("request_type", r.requestType().wire());
        row.put("rail", r.rail().wire());
        row.put("provider", r.provider());
        row.put("network_id", r.networkId());
        row.put("channel_id", r.channelId());
        row.put("country", r.country());
        Payment.Amounts a = p.amounts();
        row.put("amount", a.amount().amount());
        row.put("currency", a.currency());
        row.put("amount_usd", a.amountUsd().amount());
        row.put("fee", a.fee().amount());
        Payment.Beneficiary b = p.beneficiary();
        row.put("beneficiary_id", b == null ? null : b.id());
        row.put("beneficiary_uuid", b == null ? null : b.uuid());
        row.put("tier0_counted_usd", b == null || b.tier0Counted() == null ? null : b.tier0Counted().amount());
        Payment.Customer cu = p.customer();
        row.put("customer_first_name", cu.firstName());
        row.put("customer_last_name", cu.lastName());
        row.put("customer_email", cu.email());
        row.put("customer_phone", sealed.seal(cu.phone()));
        row.put("customer_dob", cu.dob() == null ? null : Date.valueOf(cu.dob()));
        row.put("customer_country", cu.country());
        row.put("customer_id_type", cu.idType());
        row.put("customer_id_number", sealed.seal(cu.idNumber()));
        Payment.Instructions in = p.instructions();
        row.put("account_number", sealed.seal(in.accountNumber()));
        row.put("callback_url", in.callbackUrl());
        row.put("redirect_url", in.redirectUrl());
        row.put("remark", in.remark());
        row.put("payment_category", in.paymentCategory());
        row.put("reason", in.reason());
        PayeeCheck check = in.payeeCheck();
        row.put("payee_check_status", check == null ? null : check.status().wire());
        row.put("payee_check_score", check == null ? null : check.score());
        Payment.Outcome o = p.outcome();
        row.put("status", o.status().wire());
        row.put("failure_reason", o.failureReason());
        row.put("provider_reference", o.providerReference());
        row.put("checks", o.checks());
        row.put("next_check_at", nextCheckAt);
        Payment.Timestamps t = p.times();
        row.put("created_at", t.createdAt());
        row.put("updated_at", t.updatedAt());
        row.put("pending_since", t.pendingSince());
        row.put("completed_at", t.completedAt());
        return row;
    }

    /** A row of payments, read part by part by column name. */
    public Payment map(ResultSet rs) throws SQLException {
        return new Payment(rs.getLong("id"), AccountId.of(rs.getLong("account_id")), references(rs), routing(rs),
                amounts(rs), beneficiary(rs), customer(rs), instructions(rs), outcome(rs), times(rs));
    }

    private static Payment.References references(ResultSet rs) throws SQLException {
        return new Payment.References(PaymentReference.of(rs.getString("reference")),
                rs.getString("merchant_reference"), rs.getString("checkout_token"));
    }

    private static Payment.Routing routing(ResultSet rs) throws SQLException {
        return new Payment.Routing(RequestType.parse(rs.getString("request_type")).orElseThrow(),
                rs.getString("country").trim(), Rail.parse(rs.getString("rail")).orElseThrow(),
                rs.getString("provider"), rs.getString("network_id"), rs.getString("channel_id"));
    }

    private static Payment.Amounts amounts(ResultSet rs) throws SQLException {
        String currency = rs.getString("currency").trim();
        return new Payment.Amounts(Money.of(rs.getBigDecimal("amount"), currency),
                Money.of(rs.getBigDecimal("amount_usd"), Payment.Amounts.USD),
                Money.of(rs.getBigDecimal("fee"), currency));
    }

    private static Payment.Beneficiary beneficiary(ResultSet rs) throws SQLException {
        long id = rs.getLong("beneficiary_id");
        if (rs.wasNull()) {
            return null;
        }
        var counted = rs.getBigDecimal("tier0_counted_usd");
        return new Payment.Beneficiary(id, rs.getObject("beneficiary_uuid", UUID.class),
                counted == null ? null : Money.of(counted, Payment.Amounts.USD));
    }

    private Payment.Customer customer(ResultSet rs) throws SQLException {
        Date dob = rs.getDate("customer_dob");
        return new Payment.Customer(rs.getString("customer_first_name"), rs.getString("customer_last_name"),
                rs.getString("customer_email"), sealed.open(rs.getString("customer_phone")),
                dob == null ? null : dob.toLocalDate(), rs.getString("customer_country"),
                rs.getString("customer_id_type"), sealed.open(rs.getString("customer_id_number")));
    }

    private Payment.Instructions instructions(ResultSet rs) throws SQLException {
        return new Payment.Instructions(sealed.open(rs.getString("account_number")), rs.getString("callback_url"),
                rs.getString("redirect_url"), rs.getString("remark"), rs.getString("payment_category"),
                rs.getString("reason"), payeeCheck(rs));
    }

    private static PayeeCheck payeeCheck(ResultSet rs) throws SQLException {
        String status = rs.getString("payee_check_status");
        if (status == null) {
            return null;
        }
        int score = rs.getInt("payee_check_score");
        return new PayeeCheck(PayeeStatus.parse(status).orElseThrow(), rs.wasNull() ? null : score);
    }

    private static Payment.Outcome outcome(ResultSet rs) throws SQLException {
        return new Payment.Outcome(PaymentStatus.parse(rs.getString("status")), rs.getString("failure_reason"),
                rs.getString("provider_reference"), rs.getInt("checks"));
    }

    private static Payment.Timestamps times(ResultSet rs) throws SQLException {
        return new Payment.Timestamps(Jdbc.instant(rs.getTimestamp("created_at")),
                Jdbc.instant(rs.getTimestamp("updated_at")), Jdbc.instant(rs.getTimestamp("pending_since")),
                Jdbc.instant(rs.getTimestamp("completed_at")));
    }
}
