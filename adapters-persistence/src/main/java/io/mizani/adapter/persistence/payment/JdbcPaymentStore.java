package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Param;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.Times;
import io.mizani.application.payment.PaymentStore;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.payout.PayeeCheck;
import io.mizani.domain.payout.PayeeStatus;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.SqlStatement;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.postgresql.util.PSQLException;

import java.math.RoundingMode;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * payments: the rows and the queue, Jdbi with named parameters. Every status change is one conditional UPDATE. The
 * customer's phone and ID number and the account number are stored sealed ({@link SealedText}); nothing looks
 * payments up by them.
 */
@Singleton
public class JdbcPaymentStore implements PaymentStore {

    public static final String COLUMNS = """
            id, account_id, reference, merchant_reference, request_type, rail, provider, network_id, channel_id,
            amount, currency, country, amount_usd, fee, beneficiary_id, beneficiary_uuid, tier0_counted_usd,
            customer_first_name, customer_last_name, customer_email, customer_phone, customer_dob, customer_country,
            customer_id_type, customer_id_number, account_number, callback_url, redirect_url, remark,
            payment_category, reason, status, failure_reason, provider_reference, checkout_token, checks,
            created_at, updated_at, pending_since, completed_at, payee_check_status, payee_check_score""";

    /**
     * The statuses a payment can still leave ({@link PaymentStatus#isFinal()} false), as the SQL list
     * {@code ('queued', 'pending')}: the one place the statements below take them from. Written into the statement
     * text as literals, never bound: the partial indexes on payments
     * ({@code payments_due_by_account}, {@code payments_account_incoming}) have {@code WHERE status IN ('queued',
     * 'pending')}, and PostgreSQL uses a partial index only for a query whose predicate implies the index's from its
     * text (a parameter proves nothing at planning time).
     */
    public static final String OPEN_STATUSES = sqlList(s -> !s.isFinal());

    /** The final statuses ({@link PaymentStatus#isFinal()}) as the SQL list {@code ('succeeded', 'failed')}. */
    public static final String FINAL_STATUSES = sqlList(PaymentStatus::isFinal);

    /** The statuses {@code which} accepts, in the enum's order, as an SQL list of their wire words. */
    static String sqlList(Predicate<PaymentStatus> which) {
        return Arrays.stream(PaymentStatus.values()).filter(which).map(PaymentStatus::wire)
                .peek(w -> {
                    if (!w.matches("[a-z_]+")) {
                        throw new IllegalStateException("not an SQL word: " + w);
                    }
                })
                .map(w -> "'" + w + "'").collect(Collectors.joining(", ", "(", ")"));
    }

    @Inject
    Sql sql;

    @Inject
    SealedText sealed;

    /** A row of payments ({@link #COLUMNS}); it opens the sealed fields, hence this store's and not static. */
    private final RowMapper<Payment> row = (rs, ctx) -> map(rs);

    /**
     * The id an insert returns, read by this mapper itself: {@code mapTo(Long.class)} has Jdbi look up a mapper for
     * the type in every statement's fresh copy of its configuration (13 % of the insert's samples).
     */
    private static final RowMapper<Long> ID = (rs, ctx) -> rs.getLong("id");

    /** A row of the fair claim: the claim and its place in the round's turns ({@code turn_order}). */
    private final RowMapper<Turn> turnRow = (rs, ctx) ->
            new Turn(new Claim(map(rs), rs.getBoolean("was_submitted")), rs.getLong("turn_order"));

    private record Turn(Claim claim, long order) {
    }

    /** The payments row mapper (for the stores that read payments with {@link #COLUMNS}). */
    public RowMapper<Payment> rows() {
        return row;
    }

    @Override
    public boolean merchantReferenceTaken(long accountId, String merchantReference) {
        return sql.with(h -> h.createQuery("""
                        SELECT 1 FROM payments WHERE account_id = :account AND merchant_reference = :merchantReference""")
                .bind("account", accountId).bind("merchantReference", merchantReference)
                .mapTo(Integer.class).findFirst().isPresent());
    }

    @Override
    public Payment insert(Payment p, Instant nextCheckAt) {
        Payment stored = asStored(p);
        return insert(row(stored, nextCheckAt), stored);
    }

    /** The row a claim at {@code now} would leave: leased, due again when the lease ends, marked submitted. */
    @Override
    public Payment insertLeased(Payment p, Instant now, Lease lease) {
        Payment stored = asStored(p);
        Map<String, Object> values = row(stored, lease.until());
        values.put("claimed_by", lease.worker());
        values.put("claimed_until", lease.until());
        values.put("submitted_at", now);
        return insert(values, stored);
    }

    /**
     * The payment as its row will hold it: times at PostgreSQL's resolution (microseconds) and amounts at the
     * columns' scale of 2, rounded as {@code numeric(19,2)} rounds (half away from zero). What {@link #insert}
     * answers is then the payment a read of its row answers (the service's clock ticks in microseconds and its
     * amounts are at scale 2 already; a caller's own values may not be).
     */
    private static Payment asStored(Payment p) {
        Payment.Amounts a = p.amounts();
        Payment.Beneficiary b = p.beneficiary();
        Payment.Timestamps t = p.times();
        // each part its own type: no two can trade places
        return new Payment(p.id(), p.accountId(), p.references(), p.routing(),
                new Payment.Amounts(cents(a.amount()), cents(a.amountUsd()), cents(a.fee())),
                b == null ? null : new Payment.Beneficiary(b.id(), b.uuid(), cents(b.tier0Counted())),
                p.customer(), p.instructions(), p.outcome(),
                new Payment.Timestamps(Times.stored(t.createdAt()), Times.stored(t.updatedAt()),
                        Times.stored(t.pendingSince()), Times.stored(t.completedAt())));
    }

    private static Money cents(Money m) {
        return m == null ? null : Money.of(m.amount().setScale(2, RoundingMode.HALF_UP), m.currency());
    }

    private Payment insert(Map<String, Object> values, Payment p) {
        // each column's value bound under the column's own name: no list of columns has to line up with a list of values
        InsertText insert = insertText;
        if (insert == null || !insert.names(values.keySet())) {
            insert = new InsertText(values.keySet());
            insertText = insert;
        }
        String text = insert.sql();
        try {
            return sql.with(h -> {
                var statement = h.createQuery(text);
                values.forEach((column, value) -> statement.bind(column,
                        Param.any(value instanceof Instant i ? Timestamp.from(i) : value)));
                // only the id comes back: every other column holds what was bound (text as given, amounts and
                // times as asStored put them), so the payment is the one given, stored under that id, without
                // reading 42 columns back and opening three sealed ones (PaymentStoreRoundTripTest)
                return p.stored(statement.map(ID).one());
            });
        } catch (UnableToExecuteStatementException e) {
            if (duplicateMerchantReference(e) != null) {
                throw DomainError.invalidArgument(
                        "payment_config.reference \"" + p.references().merchantReference() + "\" has already been used");
            }
            throw e;
        }
    }

    /**
     * The INSERT of {@link #row}'s columns. Built on the first payment and kept: every payment's row has the same
     * columns in the same order, so the text is the same (and so are Jdbi's parse of it and pgjdbc's prepared
     * statement). Building it per payment was 6 % of an acceptance's samples in the JVM (docs/performance.md
     * "Binding without Jdbi's per-statement lookup"); should the columns ever differ, it is built again.
     */
    private record InsertText(List<String> columns, String sql) {

        InsertText(Collection<String> columns) {
            this(List.copyOf(columns), "INSERT INTO payments (" + String.join(", ", columns) + ") VALUES ("
                    + columns.stream().map(k -> ":" + k).collect(Collectors.joining(", ")) + ") RETURNING id");
        }

        /** Whether {@code keys} are these columns, in this order. */
        boolean names(Collection<String> keys) {
            if (keys.size() != columns.size()) {
                return false;
            }
            int i = 0;
            for (String key : keys) {
                if (!key.equals(columns.get(i++))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The text of {@link #insert}, once built. */
    private volatile InsertText insertText;

    /** The unique violation of (account_id, merchant_reference) behind {@code e} (SQLSTATE 23505), else null. */
    private static SQLException duplicateMerchantReference(UnableToExecuteStatementException e) {
        return e.getCause() instanceof SQLException s && "23505".equals(s.getSQLState())
                && String.valueOf(s.getMessage()).contains("merchant_reference") ? s : null;
    }

    /**
     * The server's detail of a failure ({@code Key (account_id, merchant_reference)=(7, x) already exists}), which the
     * driver keeps out of the exception's message (the data source's {@code logServerErrorDetail=false}: it may quote
     * a row); read only to name the merchant's own reference back to them. Else the message.
     */
    private static String detail(SQLException s) {
        return s instanceof PSQLException p && p.getServerErrorMessage() != null
                && p.getServerErrorMessage().getDetail() != null
                ? p.getServerErrorMessage().getDetail() : String.valueOf(s.getMessage());
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
        Map<String, Long> ids;
        try {
            ids = sql.with(h -> {
                Map<String, String> types = columnTypes(h);
                List<String> keys = null;
                List<String[]> columns = null;
                for (int r = 0; r < payments.size(); r++) {
                    Map<String, Object> values = row(payments.get(r), nextCheckAt);
                    values.put("payout_batch_id", payoutBatchId);
                    if (keys == null) {
                        keys = new ArrayList<>(values.keySet());
                        columns = new ArrayList<>(keys.size());
                        for (int k = 0; k < keys.size(); k++) {
                            columns.add(new String[payments.size()]);
                        }
                    }
                    int k = 0;
                    for (Object value : values.values()) {
                        columns.get(k++)[r] = text(value);
                    }
                }
                // one parameter per column, named as the column: INSERT ... SELECT v.c::type ... FROM unnest(:c::text[], ...)
                StringBuilder insert = new StringBuilder("INSERT INTO payments (").append(String.join(", ", keys))
                        .append(") SELECT ");
                for (int k = 0; k < keys.size(); k++) {
                    String type = types.get(keys.get(k));
                    if (type == null) {
                        throw new IllegalStateException("payments has no column " + keys.get(k));
                    }
                    insert.append(k == 0 ? "" : ", ").append("v.").append(keys.get(k)).append("::").append(type);
                }
                insert.append(" FROM unnest(")
                        .append(keys.stream().map(k -> ":" + k + "::text[]").collect(Collectors.joining(", ")))
                        .append(") AS v(").append(String.join(", ", keys)).append(") RETURNING id, merchant_reference");
                var statement = h.createQuery(insert.toString());
                for (int k = 0; k < keys.size(); k++) {
                    statement.bind(keys.get(k), Sql.array("text", columns.get(k)));
                }
                var stored = new HashMap<String, Long>(payments.size() * 2);
                statement.map((rs, ctx) -> Map.entry(rs.getString(2), rs.getLong(1)))
                        .forEach(e -> stored.put(e.getKey(), e.getValue()));
                return stored;
            });
        } catch (UnableToExecuteStatementException e) {
            SQLException duplicate = duplicateMerchantReference(e);
            if (duplicate != null) {
                Matcher m = DUPLICATE.matcher(detail(duplicate));
                throw DomainError.invalidArgument("payment_config.reference "
                        + (m.find() ? "\"" + m.group(1) + "\" " : "of an item ")
                        + "has already been used (since the batch was created)");
            }
            throw e;
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
    }

    private static final Pattern DUPLICATE = Pattern.compile(
            "Key \\(account_id, merchant_reference\\)=\\(\\d+, (.*)\\) already exists");


    /** The payments table's columns and their types as SQL names ({@code format_type}), read once. */
    private volatile Map<String, String> columnTypes;

    private Map<String, String> columnTypes(Handle h) {
        Map<String, String> known = columnTypes;
        if (known != null) {
            return known;
        }
        Map<String, String> types = new HashMap<>();
        h.createQuery("""
                        SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute
                        WHERE attrelid = 'payments'::regclass AND attnum > 0 AND NOT attisdropped""")
                .map((rs, ctx) -> Map.entry(rs.getString(1), rs.getString(2)))
                .forEach(e -> types.put(e.getKey(), e.getValue()));
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
    public Set<String> merchantReferencesTaken(long accountId, Collection<String> references) {
        if (references.isEmpty()) {
            return Set.of();
        }
        return sql.with(h -> {
            var out = new HashSet<String>();
            h.createQuery("""
                            SELECT merchant_reference FROM payments
                            WHERE account_id = :account AND merchant_reference = ANY (:references)""")
                    .bind("account", accountId).bind("references", Sql.array("text", references.toArray()))
                    .mapTo(String.class).forEach(out::add);
            return out;
        });
    }

    @Override
    public Optional<Payment> findByMerchantReference(long accountId, String merchantReference) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM payments WHERE account_id = :account AND merchant_reference = :merchantReference")
                .bind("account", accountId).bind("merchantReference", merchantReference).map(row).findFirst());
    }

    @Override
    public Optional<Payment> findById(long id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM payments WHERE id = :id")
                .bind("id", id).map(row).findFirst());
    }

    @Override
    public Optional<Payment> lockByCheckoutToken(String token) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM payments WHERE checkout_token = :token FOR UPDATE")
                .bind("token", token).map(row).findFirst());
    }

    @Override
    public Optional<Payment> lockByProviderReference(String provider, String providerReference) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM payments WHERE provider = :provider AND provider_reference = :providerReference FOR UPDATE")
                .bind("provider", provider).bind("providerReference", providerReference).map(row).findFirst());
    }

    @Override
    public Optional<Payment> lockByReference(String reference) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM payments WHERE reference = :reference FOR UPDATE")
                .bind("reference", reference).map(row).findFirst());
    }

    /**
     * The fair claim of a round of one: the most overdue unleased payment (every merchant's oldest comes first, in due
     * order). No statement of its own: the claim's rules and its index ({@code payments_due_by_account}) stay in one
     * place, {@link #CLAIM_DUE}.
     */
    @Override
    public Optional<Claim> claimNext(Instant now, Duration lease, String worker) {
        return claimDue(now, lease, worker, 1).stream().findFirst();
    }

    /**
     * Fair claiming, round-robin by merchant (docs/architecture.md "Fair claiming"). One statement in three steps:
     * <ol>
     * <li>the merchants with a due payment, one index probe each on {@code payments_due_by_account} (a loose index
     *     scan: {@code account_id > previous ORDER BY account_id LIMIT 1});</li>
     * <li>each merchant's oldest unclaimed due payments (at most a pool of twice the round), numbered by their turn
     *     within their merchant, and the pool taken in (turn, due time) order: every merchant's oldest due payment
     *     first, then every merchant's second, ...;</li>
     * <li>those candidates locked one by one in that order, each by its primary key ({@code FOR UPDATE SKIP LOCKED}),
     *     and re-checked as still due and unclaimed on the newest version the lock returns, until the round is full;
     *     then leased.</li>
     * </ol>
     * The lock takes the row by {@code id} alone, behind {@code OFFSET 0}, so that no condition of the re-check is
     * pushed down into it: with them beside {@code id = candidate.id}, the conditions imply the predicate of the
     * partial index {@code payments_due_by_account}, and once its statistics were taken while few payments were due
     * PostgreSQL chose that index for each lock, finding the id among every due entry (and every dead one since the
     * last vacuum): 200 such scans made a claim of 100 cost 300-570 ms and 72,000 buffers during a backlog of 4,000,
     * and processing fell behind acceptance (docs/performance.md, "The paced drain"). A row locked and then found no
     * longer due (claimed meanwhile, or final) stays locked until the claim commits, a moment later.
     * PostgreSQL does not lock rows in a query with window functions, hence candidates first, then the locks. A
     * candidate another worker claimed in the meantime is skipped (locked) or fails the re-check (claimed), so no
     * payment is ever claimed twice; the pool is twice the round so that two replicas claiming at the same moment
     * both fill their rounds. The cost follows the merchants with due payments and the round's size, not the number
     * of due payments (a 100,000-item backlog of one merchant costs a round what 100 items cost). Parameters:
     * {@code :now}, {@code :pool} (twice the round), {@code :round}, {@code :leaseEnd}, {@code :worker}.
     */
    static final String CLAIM_DUE = """
            WITH RECURSIVE merchants AS (
                (SELECT account_id FROM payments
                 WHERE status IN\s""" + OPEN_STATUSES + """
                  AND next_check_at IS NOT NULL AND next_check_at <= :now
                 ORDER BY account_id LIMIT 1)
                UNION ALL
                SELECT (SELECT p.account_id FROM payments p
                        WHERE p.status IN\s""" + OPEN_STATUSES + """
                         AND p.next_check_at IS NOT NULL AND p.next_check_at <= :now
                          AND p.account_id > m.account_id
                        ORDER BY p.account_id LIMIT 1)
                FROM merchants m WHERE m.account_id IS NOT NULL),
            pool AS (
                SELECT ARRAY(SELECT c.id FROM merchants m CROSS JOIN LATERAL (
                        SELECT id, next_check_at, row_number() OVER (ORDER BY next_check_at, id) AS turn FROM payments
                        WHERE account_id = m.account_id AND status IN\s""" + OPEN_STATUSES + """
                         AND next_check_at IS NOT NULL
                          AND next_check_at <= :now AND (claimed_until IS NULL OR claimed_until <= :now)
                        ORDER BY next_check_at, id LIMIT :pool) c
                    WHERE m.account_id IS NOT NULL
                    ORDER BY c.turn, c.next_check_at, c.id LIMIT :pool) AS ids),
            due AS (
                SELECT locked.due_id, locked.submitted_before, candidate.pos
                FROM pool CROSS JOIN unnest(pool.ids) WITH ORDINALITY AS candidate(id, pos)
                CROSS JOIN LATERAL (
                    SELECT id AS due_id, submitted_at AS submitted_before, status, next_check_at, claimed_until
                    FROM payments WHERE id = candidate.id
                    OFFSET 0 FOR UPDATE SKIP LOCKED) locked
                WHERE locked.status IN\s""" + OPEN_STATUSES + """
                 AND locked.next_check_at IS NOT NULL
                  AND locked.next_check_at <= :now AND (locked.claimed_until IS NULL OR locked.claimed_until <= :now)
                LIMIT :round)
            UPDATE payments SET claimed_until = :leaseEnd, next_check_at = :leaseEnd, claimed_by = :worker,
                submitted_at = COALESCE(submitted_at, :now)
            FROM due WHERE id = due.due_id
            RETURNING due.submitted_before IS NOT NULL AS was_submitted, due.pos AS turn_order,\s""" + COLUMNS;

    /**
     * The planner's page cost {@link #CLAIM_DUE} runs with, for its own transaction only ({@code SET LOCAL}): the cost
     * of a page read out of order as PostgreSQL's guidance gives it for data in memory or on SSD, instead of the
     * default 4 (a spinning disk). At the default, with a few merchants sharing a backlog, PostgreSQL reads each
     * merchant's candidates from another index than the one made for this read: once from {@code payments_due} (every
     * merchant's due payments in due order, filtering out the other merchants' rows: 1,800 rows read per merchant for
     * 200 kept with 8 merchants of 600 due payments each; 5.9-6.1 ms instead of 8.8-12.8 ms for the whole claim,
     * docs/performance.md), and since that index was dropped (V29) from {@code (account_id, merchant_reference)}
     * (all 600 of each merchant's payments as a bitmap, then sorted: 6.0 ms against 4.2 ms for the whole claim). At
     * 1.1 it walks {@code payments_due_by_account} and reads only the rows it keeps. A planner setting changes no
     * result: the same candidates in the same order. Outside a transaction it has no effect (PostgreSQL warns).
     */
    static final String CLAIM_DUE_PLANNER = "SET LOCAL random_page_cost = 1.1";

    @Override
    public List<Claim> claimDue(Instant now, Duration lease, String worker, int limit) {
        int round = Math.max(1, limit);
        List<Turn> claimed = sql.with(h -> {
            h.execute(CLAIM_DUE_PLANNER);
            return h.createQuery(CLAIM_DUE)
                    .bind("now", Param.of(Timestamp.from(now)))
                    .bind("pool", Param.of(2 * round))                  // per merchant, and the pool
                    .bind("round", Param.of(round))
                    // claimed_until; next_check_at: not due while leased
                    .bind("leaseEnd", Param.of(Timestamp.from(now.plus(lease))))
                    .bind("worker", Param.of(worker))
                    .map(turnRow).list();
        });
        // UPDATE ... RETURNING gives no order: back in the turns' order (each merchant's oldest first)
        return claimed.stream().sorted(Comparator.comparingLong(Turn::order)).map(Turn::claim).toList();
    }

    @Override
    public void rescheduleAndRelease(long id, Instant nextCheckAt, String worker) {
        sql.use(h -> bindRescheduleAndRelease(h.createUpdate(RESCHEDULE_AND_RELEASE), id, nextCheckAt, worker)
                .execute());
    }

    @Override
    public boolean transitionAndRelease(long id, PaymentStatus from, PaymentStatus to, Instant now,
                                        String providerReference, String failureReason, Instant nextCheckAt,
                                        String worker) {
        requireMove(from, to);
        boolean moved = sql.with(h -> bindTransition(h.createUpdate(TRANSITION_AND_RELEASE), id, from, to, now,
                providerReference, failureReason, nextCheckAt).bind("worker", Param.of(worker)).execute() == 1);
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
        List<Look> referenced = looks.stream()
                .filter(l -> l.kind() == Look.Kind.NOT_YET && l.providerReference() != null).toList();
        sql.use(h -> {
            List<Long> notMoved = new ArrayList<>();
            if (!referenced.isEmpty()) {
                PreparedBatch batch = h.prepareBatch(PROVIDER_REFERENCE);
                for (Look l : referenced) {
                    batch.bind("providerReference", l.providerReference()).bind("id", l.paymentId()).add();
                }
                batch.execute();
            }
            if (!sent.isEmpty()) {
                PreparedBatch batch = h.prepareBatch(TRANSITION_AND_RELEASE);
                for (Look l : sent) {
                    bindTransition(batch, l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(),
                            l.providerReference(), null, l.nextCheckAt()).bind("worker", worker).add();
                }
                int[] counts = batch.execute();
                for (int i = 0; i < counts.length; i++) {
                    if (counts[i] == 0) {
                        notMoved.add(sent.get(i).paymentId());
                    }
                }
            }
            if (!unanswered.isEmpty()) {
                PreparedBatch batch = h.prepareBatch(TRANSITION);
                for (Look l : unanswered) {
                    bindTransition(batch, l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(), null,
                            null, l.nextCheckAt()).add();
                }
                batch.execute();
            }
            if (!rescheduled.isEmpty()) {
                PreparedBatch batch = h.prepareBatch(RESCHEDULE_AND_RELEASE);
                for (Look l : rescheduled) {
                    bindRescheduleAndRelease(batch, l.paymentId(), l.nextCheckAt(), worker).add();
                }
                batch.execute();
            }
            if (!notMoved.isEmpty()) {
                PreparedBatch batch = h.prepareBatch(RELEASE);
                for (long id : notMoved) {
                    batch.bind("id", id).bind("worker", worker).add();
                }
                batch.execute();
            }
        });
    }

    /**
     * Looks whose lease the worker keeps ({@link KeepLeases}): written as {@link #recordLooks(List, String)} writes them,
     * except that {@code claimed_until} and {@code next_check_at} become the kept lease's end, and only while the
     * payment is still the worker's ({@code claimed_by}) and still in the state the look found; the others (and those
     * not kept) are then written and released as always. One JDBC batch per kind, in the caller's transaction.
     */
    @Override
    public Set<Long> recordLooks(List<Look> looks, String worker, KeepLeases kept) {
        List<Look> keepSent = looks.stream()
                .filter(l -> l.kind() == Look.Kind.SENT && kept.paymentIds().contains(l.paymentId())).toList();
        List<Look> keepNotYet = looks.stream()
                .filter(l -> l.kind() == Look.Kind.NOT_YET && kept.paymentIds().contains(l.paymentId())).toList();
        Set<Long> done = new HashSet<>();
        if (!keepSent.isEmpty() || !keepNotYet.isEmpty()) {
            sql.use(h -> {
                if (!keepSent.isEmpty()) {
                    PreparedBatch batch = h.prepareBatch(TRANSITION_AND_KEEP);
                    for (Look l : keepSent) {
                        bindTransition(batch, l.paymentId(), PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(),
                                l.providerReference(), null, l.nextCheckAt().plus(kept.lease()))
                                .bind("worker", worker).add();
                    }
                    keptOnes(batch.execute(), keepSent, done);
                }
                if (!keepNotYet.isEmpty()) {
                    PreparedBatch batch = h.prepareBatch(RESCHEDULE_AND_KEEP);
                    for (Look l : keepNotYet) {
                        batch.bind("keptUntil", Param.of(ts(l.nextCheckAt().plus(kept.lease()))))
                                .bind("providerReference", Param.of(l.providerReference()))
                                .bind("worker", Param.of(worker)).bind("id", Param.of(l.paymentId())).add();
                    }
                    keptOnes(batch.execute(), keepNotYet, done);
                }
            });
        }
        List<Look> rest = done.isEmpty() ? looks : looks.stream().filter(l -> !done.contains(l.paymentId())).toList();
        if (!rest.isEmpty()) {
            recordLooks(rest, worker);
        }
        return done;
    }

    private static void keptOnes(int[] counts, List<Look> looks, Set<Long> into) {
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 1) {
                into.add(looks.get(i).paymentId());
            }
        }
    }

    private static final String RESCHEDULE_AND_RELEASE = "UPDATE payments SET "
            + "next_check_at = CASE WHEN status IN " + OPEN_STATUSES + " THEN :nextCheckAt ELSE next_check_at END, "
            + "checks = checks + CASE WHEN status IN " + OPEN_STATUSES + " THEN 1 ELSE 0 END, "
            + "claimed_until = CASE WHEN claimed_by = :worker THEN NULL ELSE claimed_until END, "
            + "claimed_by = CASE WHEN claimed_by = :worker THEN NULL ELSE claimed_by END "
            + "WHERE id = :id AND (status IN " + OPEN_STATUSES + " OR claimed_by = :worker)";

    private static <S extends SqlStatement<S>> S bindRescheduleAndRelease(S statement, long id, Instant nextCheckAt,
                                                                         String worker) {
        return statement.bind("nextCheckAt", Param.of(ts(nextCheckAt))).bind("worker", Param.of(worker))
                .bind("id", Param.of(id));
    }

    /**
     * A claim moves {@code next_check_at} to the lease's end with {@code claimed_until}, so a leased payment is not due
     * and the claim's index scans never step over it (docs/architecture.md "Fair claiming"). A lease given up without
     * a new time (nothing sent, or an outcome another path already wrote) makes the payment due again at once, as it
     * was when claimed; a time written since the claim ({@code next_check_at} no longer the lease's end) is kept.
     */
    private static final String DUE_AGAIN =
            "next_check_at = CASE WHEN next_check_at = claimed_until THEN LEAST(next_check_at, now()) ELSE next_check_at END";

    private static final String RELEASE = "UPDATE payments SET " + DUE_AGAIN
            + ", claimed_until = NULL, claimed_by = NULL WHERE id = :id AND claimed_by = :worker";

    /**
     * The assignments of every status change (the one text all transitions share): the status, when, the
     * provider's reference and failure reason when given, the next check, and the time it became pending or final.
     * Parameters: {@code :to}, {@code :now}, {@code :providerReference}, {@code :failureReason},
     * {@code :nextCheckAt}; the statements add {@code WHERE id = :id AND status = :from}.
     */
    private static final String TRANSITION_SET = """
            status = :to, updated_at = :now,
                provider_reference = COALESCE(:providerReference, provider_reference),
                failure_reason = COALESCE(:failureReason, failure_reason),
                next_check_at = :nextCheckAt,
                pending_since = CASE WHEN :to = 'pending' THEN :now ELSE pending_since END,
                completed_at = CASE WHEN :to IN\s""" + FINAL_STATUSES + " THEN :now ELSE completed_at END";

    private static final String TRANSITION_WHERE = " WHERE id = :id AND status = :from";

    private static final String TRANSITION = "UPDATE payments SET " + TRANSITION_SET + TRANSITION_WHERE;

    /** A transition answering the row as stored after it. */
    private static final String TRANSITION_RETURNING = TRANSITION + " RETURNING " + COLUMNS;

    /** A transition to a final status answering the row: a final status also ends any worker's lease. */
    private static final String TRANSITION_TO_FINAL_RETURNING = "UPDATE payments SET " + TRANSITION_SET
            + ", claimed_until = NULL, claimed_by = NULL" + TRANSITION_WHERE + " RETURNING " + COLUMNS;

    // the outcome is written whoever holds the lease now (a provider reference must not be lost); the lease is
    // cleared only if it is still this worker's (:worker)
    private static final String TRANSITION_AND_RELEASE = "UPDATE payments SET "
            + "claimed_until = CASE WHEN claimed_by = :worker THEN NULL ELSE claimed_until END, "
            + "claimed_by = CASE WHEN claimed_by = :worker THEN NULL ELSE claimed_by END, "
            + TRANSITION_SET + TRANSITION_WHERE;

    /** {@link #TRANSITION_AND_RELEASE} keeping the lease, bound with the kept lease's end as {@code :nextCheckAt}. */
    private static final String TRANSITION_AND_KEEP = "UPDATE payments SET claimed_until = :nextCheckAt, "
            + TRANSITION_SET + TRANSITION_WHERE + " AND claimed_by = :worker";

    /**
     * {@link #RESCHEDULE_AND_RELEASE} (with a first submission's reference) keeping the lease until {@code :keptUntil}.
     */
    private static final String RESCHEDULE_AND_KEEP = "UPDATE payments SET next_check_at = :keptUntil, "
            + "claimed_until = :keptUntil, checks = checks + 1, "
            + "provider_reference = COALESCE(:providerReference, provider_reference) "
            + "WHERE id = :id AND status IN " + OPEN_STATUSES + " AND claimed_by = :worker";

    private static <S extends SqlStatement<S>> S bindTransition(S statement, long id, PaymentStatus from,
                                                               PaymentStatus to, Instant now, String providerReference,
                                                               String failureReason, Instant nextCheckAt) {
        return statement.bind("to", Param.of(to.wire())).bind("now", Param.of(Timestamp.from(now)))
                .bind("providerReference", Param.of(providerReference)).bind("failureReason", Param.of(failureReason))
                .bind("nextCheckAt", Param.of(ts(nextCheckAt))).bind("id", Param.of(id))
                .bind("from", Param.of(from.wire()));
    }

    private static void requireMove(PaymentStatus from, PaymentStatus to) {
        if (!from.canMoveTo(to)) {
            throw new IllegalStateException("illegal payment transition " + from + " -> " + to);
        }
    }

    @Override
    public Optional<Payment> transitionReturning(long id, PaymentStatus from, PaymentStatus to, Instant now,
                                                 String providerReference, String failureReason, Instant nextCheckAt) {
        requireMove(from, to);
        String statement = to.isFinal() ? TRANSITION_TO_FINAL_RETURNING : TRANSITION_RETURNING;
        return sql.with(h -> bindTransition(h.createQuery(statement), id, from, to, now, providerReference,
                failureReason, nextCheckAt).map(row).findFirst());
    }

    @Override
    public void giveBack(long id, String worker, boolean firstClaim) {
        sql.use(h -> h.createUpdate("UPDATE payments SET " + DUE_AGAIN + """
                        , claimed_until = NULL, claimed_by = NULL,
                            submitted_at = CASE WHEN :firstClaim THEN NULL ELSE submitted_at END
                        WHERE id = :id AND claimed_by = :worker""")
                .bind("firstClaim", firstClaim).bind("id", id).bind("worker", worker).execute());
    }

    @Override
    public void release(long id, String worker) {
        sql.use(h -> h.createUpdate(RELEASE).bind("id", id).bind("worker", worker).execute());
    }

    @Override
    public boolean transition(long id, PaymentStatus from, PaymentStatus to, Instant now, String providerReference,
                              String failureReason, Instant nextCheckAt) {
        requireMove(from, to);
        return sql.with(h -> bindTransition(h.createUpdate(TRANSITION), id, from, to, now, providerReference,
                failureReason, nextCheckAt).execute() == 1);
    }

    private static final String PROVIDER_REFERENCE = "UPDATE payments SET provider_reference = :providerReference"
            + " WHERE id = :id AND status IN " + OPEN_STATUSES;

    @Override
    public void recordProviderReference(long id, String providerReference) {
        sql.use(h -> h.createUpdate(PROVIDER_REFERENCE).bind("providerReference", providerReference).bind("id", id)
                .execute());
    }

    /**
     * The checkout's switch to mobile money as one conditional UPDATE (docs/adr/0009-checkout-momo-switch.md): only an
     * open card payment with its checkout that no worker holds, so a worker mid-call on the card rail never writes
     * its look over the switched payment.
     */
    private static final String SWITCH_TO_MOMO = """
            UPDATE payments SET rail = :rail, provider = :provider, network_id = :networkId,
                channel_id = :channelId, fee = :fee, account_number = :accountNumber,
                provider_reference = NULL, submitted_at = NULL, next_check_at = :now, updated_at = :now,
                pending_since = CASE WHEN status = 'pending' THEN :now ELSE pending_since END
            WHERE id = :id AND rail = 'card' AND checkout_token IS NOT NULL
              AND (claimed_until IS NULL OR claimed_until <= :now) AND status IN\s""" + OPEN_STATUSES;

    @Override
    public boolean switchToMomo(long id, MomoSwitch change, Instant now) {
        Payment.Routing r = change.routing();
        return sql.with(h -> h.createUpdate(SWITCH_TO_MOMO)
                .bind("rail", r.rail().wire()).bind("provider", r.provider()).bind("networkId", r.networkId())
                .bind("channelId", r.channelId()).bind("fee", change.fee().amount())
                .bind("accountNumber", sealed.seal(change.payerNumber())).bind("now", Timestamp.from(now))
                .bind("id", id).execute() == 1);
    }

    @Override
    public void nudge(long id, Instant now, Duration slack) {
        sql.use(h -> h.createUpdate("""
                        UPDATE payments SET next_check_at = :now
                        WHERE id = :id AND status = 'pending' AND next_check_at IS NOT NULL AND next_check_at > :later""")
                .bind("now", Timestamp.from(now)).bind("id", id).bind("later", Timestamp.from(now.plus(slack)))
                .execute());
    }

    @Override
    public void scheduleCheck(long id, Instant nextCheckAt, boolean countCheck) {
        sql.use(h -> h.createUpdate("""
                        UPDATE payments SET next_check_at = :nextCheckAt, checks = checks + :counted
                        WHERE id = :id AND status IN\s""" + OPEN_STATUSES)
                .bind("nextCheckAt", ts(nextCheckAt)).bind("counted", countCheck ? 1 : 0).bind("id", id).execute());
    }

    private static Timestamp ts(Instant i) {
        return i == null ? null : Timestamp.from(i);
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
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
        // a worker's lease, when the payment is inserted already claimed (insertLeased): always named, so that
        // every insert has the same text
        row.put("claimed_by", null);
        row.put("claimed_until", null);
        row.put("submitted_at", null);
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
        return new Payment.Timestamps(instant(rs.getTimestamp("created_at")),
                instant(rs.getTimestamp("updated_at")), instant(rs.getTimestamp("pending_since")),
                instant(rs.getTimestamp("completed_at")));
    }
}
