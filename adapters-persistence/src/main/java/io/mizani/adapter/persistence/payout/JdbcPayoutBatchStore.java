package io.mizani.adapter.persistence.payout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.payment.JdbcPaymentStore;
import io.mizani.application.payout.PayoutBatchStore;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payout.PayoutBatchStatus;
import io.mizani.domain.tenancy.UserId;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * payout_batches (V19), the one store of that table; a batch's items are payments (payments.payout_batch_id), read
 * here with the payment store's row mapping. The drafts of a batch awaiting approval are one sealed JSON text: one
 * statement stores 10,000 items, one reads them back.
 */
@Singleton
public class JdbcPayoutBatchStore implements PayoutBatchStore {

    private static final String COLUMNS = """
            id, account_id, batch_reference, status, item_count, total_amount::text AS total_amount,
            total_fees::text AS total_fees, created_by, approved_by, created_at""";

    private static final TypeReference<Map<String, BigDecimal>> PER_CURRENCY = new TypeReference<>() {
    };
    private static final TypeReference<List<Payment>> DRAFTS = new TypeReference<>() {
    };

    /** The drafts' JSON: the domain records as Jackson writes them by default (component names), read back the same. */
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    @Inject
    Sql sql;

    @Inject
    SealedText sealed;

    @Inject
    JdbcPaymentStore payments;

    private final RowMapper<Batch> batchRow = (rs, ctx) -> map(rs);

    @Override
    public Batch create(NewBatch b) {
        String drafts = sealed.seal(write(b.drafts()));
        int n = b.drafts().size();
        BigDecimal[] usd = new BigDecimal[n];
        String[] currencies = new String[n];
        Long[] beneficiaries = new Long[n];
        String[] references = new String[n];
        for (int i = 0; i < n; i++) {
            Payment d = b.drafts().get(i);
            usd[i] = d.amounts().amountUsd().amount();
            currencies[i] = d.amounts().currency();
            beneficiaries[i] = d.beneficiary() == null ? null : d.beneficiary().id();
            references[i] = d.references().merchantReference();
        }
        try {
            return sql.with(h -> h.createQuery("""
                    INSERT INTO payout_batches (account_id, batch_reference, callback_url, status, item_count,
                        total_amount, total_fees, drafts, created_by, item_usd, item_currencies, item_beneficiaries,
                        item_references)
                    VALUES (:account, :reference, :callback, 'awaiting_approval', :count, :amount::jsonb, :fees::jsonb,
                        :drafts, :createdBy, :usd::numeric[], :currencies::text[], :beneficiaries::bigint[],
                        :references::text[])
                    RETURNING\s""" + COLUMNS)
                    .bind("usd", Sql.array("numeric", usd))
                    .bind("currencies", Sql.array("text", currencies))
                    .bind("beneficiaries", Sql.array("bigint", beneficiaries))
                    .bind("references", Sql.array("text", references))
                    .bind("account", b.accountId())
                    .bind("reference", b.batchReference())
                    .bind("callback", b.callbackUrl())
                    .bind("count", b.totals().itemCount())
                    .bind("amount", write(amounts(b.totals().amount())))
                    .bind("fees", write(amounts(b.totals().fees())))
                    .bind("drafts", drafts)
                    .bind("createdBy", b.createdBy())
                    .map(batchRow).one());
        } catch (UnableToExecuteStatementException e) {
            if (e.getCause() instanceof SQLException s && "23505".equals(s.getSQLState())) {
                throw DomainError.invalidArgument("batch_reference \"" + b.batchReference()
                        + "\" has already been used");
            }
            throw e;
        }
    }

    @Override
    public Optional<Batch> find(long accountId, String batchReference) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM payout_batches WHERE account_id = :account AND batch_reference = :reference")
                .bind("account", accountId).bind("reference", batchReference).map(batchRow).findOne());
    }

    @Override
    public Optional<Batch> lock(long accountId, String batchReference) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM payout_batches WHERE account_id = :account AND batch_reference = :reference FOR UPDATE")
                .bind("account", accountId).bind("reference", batchReference).map(batchRow).findOne());
    }

    @Override
    public Optional<Batch> findById(long id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM payout_batches WHERE id = :id")
                .bind("id", id).map(batchRow).findOne());
    }

    @Override
    public Optional<Batch> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM payout_batches WHERE account_id = :account"
                        + " AND id = (SELECT payout_batch_id FROM payments WHERE id = :payment AND account_id = :account)")
                .bind("account", accountId.value()).bind("payment", paymentId.value()).map(batchRow).findOne());
    }

    @Override
    public List<Payment> drafts(long batchId) {
        String stored = sql.with(h -> h.createQuery("SELECT drafts FROM payout_batches WHERE id = :id")
                .bind("id", batchId).mapTo(String.class).findOne().orElse(null));
        if (stored == null) {
            return List.of();
        }
        try {
            return JSON.readValue(sealed.open(stored), DRAFTS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("payout batch " + batchId + " holds unreadable drafts", e);
        }
    }

    @Override
    public ItemFacts facts(long batchId) {
        return sql.with(h -> h.createQuery("""
                        SELECT item_usd::text[], item_currencies, item_beneficiaries, item_references
                        FROM payout_batches WHERE id = :id""")
                .bind("id", batchId)
                .map((rs, ctx) -> {
                    if (rs.getArray(1) == null) {
                        return null; // a batch created before the facts were kept (V27)
                    }
                    String[] usd = (String[]) rs.getArray(1).getArray();
                    String[] currencies = (String[]) rs.getArray(2).getArray();
                    Long[] beneficiaries = (Long[]) rs.getArray(3).getArray();
                    String[] references = (String[]) rs.getArray(4).getArray();
                    var amounts = new java.util.ArrayList<Money>(usd.length);
                    for (String u : usd) {
                        amounts.add(Money.of(new BigDecimal(u), Payment.Amounts.USD));
                    }
                    return new ItemFacts(amounts, List.of(currencies), java.util.Arrays.asList(beneficiaries),
                            List.of(references));
                })
                .findFirst().orElse(null));
    }

    @Override
    public void approved(long batchId, UserId userId, int openItems, Instant at, boolean materialised) {
        sql.use(h -> require(h.createUpdate("""
                UPDATE payout_batches SET status = 'processing', approved_by = :user, approved_at = :at,
                    open_items = :open,
                    drafts = CASE WHEN CAST(:materialised AS boolean) THEN NULL ELSE drafts END,
                    materialised_at = CASE WHEN CAST(:materialised AS boolean) THEN CAST(:at AS timestamptz) END
                WHERE id = :id AND status = 'awaiting_approval'""")
                .bind("user", userId.value()).bind("at", Timestamp.from(at)).bind("open", openItems).bind("id", batchId)
                .bind("materialised", materialised)
                .execute()));
    }

    @Override
    public Optional<Unmaterialised> claimUnmaterialised() {
        return sql.with(h -> h.createQuery("""
                        SELECT id, account_id, batch_reference, approved_at FROM payout_batches
                        WHERE status = 'processing' AND drafts IS NOT NULL
                          AND (materialise_after IS NULL OR materialise_after <= now())
                        ORDER BY approved_at LIMIT 1 FOR UPDATE SKIP LOCKED""")
                .map((rs, ctx) -> new Unmaterialised(rs.getLong(1), rs.getLong(2), rs.getString(3),
                        rs.getTimestamp(4).toInstant()))
                .findOne());
    }

    @Override
    public void postponeMaterialisation(long batchId, Instant until) {
        sql.use(h -> h.createUpdate("""
                        UPDATE payout_batches SET materialise_after = :until
                        WHERE id = :id AND status = 'processing' AND drafts IS NOT NULL""")
                .bind("until", Timestamp.from(until)).bind("id", batchId).execute());
    }

    @Override
    public java.util.Set<String> referencesHeld(io.mizani.domain.tenancy.AccountId accountId, long exceptBatchId,
                                                java.util.Collection<String> references) {
        return sql.with(h -> new java.util.LinkedHashSet<>(h.createQuery("""
                        SELECT DISTINCT r FROM payout_batches b, unnest(b.item_references) r
                        WHERE b.status = 'processing' AND b.drafts IS NOT NULL AND b.account_id = :account
                          AND b.id <> :except AND r = ANY (:references)""")
                .bind("account", accountId.value()).bind("except", exceptBatchId)
                .bind("references", Sql.array("text", references.toArray()))
                .mapTo(String.class).list()));
    }

    @Override
    public void materialised(long batchId, Instant at) {
        sql.use(h -> {
            if (h.createUpdate("""
                    UPDATE payout_batches SET drafts = NULL, materialised_at = :at
                    WHERE id = :id AND status = 'processing' AND drafts IS NOT NULL""")
                    .bind("at", Timestamp.from(at)).bind("id", batchId).execute() != 1) {
                throw new IllegalStateException("payout batch " + batchId + " was not waiting for materialisation");
            }
        });
    }

    @Override
    public void cancelled(long batchId, Instant at) {
        sql.use(h -> require(h.createUpdate("""
                UPDATE payout_batches SET status = 'cancelled', cancelled_at = :at, drafts = NULL
                WHERE id = :id AND status = 'awaiting_approval'""")
                .bind("at", Timestamp.from(at)).bind("id", batchId).execute()));
    }

    @Override
    public Counts counts(long batchId) {
        return sql.with(h -> h.createQuery("""
                SELECT count(*) FILTER (WHERE status = 'queued')
                           + (SELECT CASE WHEN b.status = 'processing' AND b.materialised_at IS NULL
                                          THEN b.item_count ELSE 0 END
                              FROM payout_batches b WHERE b.id = :id) AS queued,
                       count(*) FILTER (WHERE status = 'pending') AS pending,
                       count(*) FILTER (WHERE status = 'succeeded') AS succeeded,
                       count(*) FILTER (WHERE status = 'failed') AS failed
                FROM payments WHERE payout_batch_id = :id""")
                .bind("id", batchId)
                .map((rs, ctx) -> new Counts(rs.getInt("queued"), rs.getInt("pending"), rs.getInt("succeeded"),
                        rs.getInt("failed")))
                .one());
    }

    @Override
    public List<Payment> items(long batchId, PaymentStatus status, int limit, String startingAfter) {
        return sql.with(h -> h.createQuery("SELECT " + JdbcPaymentStore.COLUMNS + """
                         FROM payments
                        WHERE payout_batch_id = :id
                          AND (CAST(:status AS text) IS NULL OR status = :status)
                          AND id > coalesce((SELECT p.id FROM payments p WHERE p.payout_batch_id = :id
                                             AND p.reference = :after), 0)
                        ORDER BY id LIMIT :limit""")
                .bind("id", batchId)
                .bind("status", status == null ? null : status.wire())
                .bind("after", startingAfter)
                .bind("limit", limit)
                .map((rs, ctx) -> payments.map(rs))
                .list());
    }

    @Override
    public Optional<Long> itemFinal(long paymentId, Instant at) {
        return sql.with(h -> h.createQuery("""
                UPDATE payout_batches b SET open_items = b.open_items - 1,
                    status = CASE WHEN b.open_items = 1 THEN 'completed' ELSE b.status END,
                    completed_at = CASE WHEN b.open_items = 1 THEN :at ELSE b.completed_at END
                FROM payments p
                WHERE p.id = :payment AND b.id = p.payout_batch_id AND b.status = 'processing' AND b.open_items > 0
                RETURNING b.id, b.status""")
                .bind("payment", paymentId).bind("at", Timestamp.from(at))
                .map((rs, ctx) -> PayoutBatchStatus.COMPLETED.wire().equals(rs.getString("status"))
                        ? rs.getLong("id") : -1L)
                .findOne()
                .filter(id -> id > 0));
    }

    private static void require(int updated) {
        if (updated != 1) {
            throw new IllegalStateException("payout batch was not awaiting approval");
        }
    }

    private static Batch map(ResultSet rs) throws SQLException {
        long approvedBy = rs.getLong("approved_by");
        Long approved = rs.wasNull() ? null : approvedBy;
        return new Batch(rs.getLong("id"), rs.getLong("account_id"), rs.getString("batch_reference"),
                PayoutBatchStatus.parse(rs.getString("status")).orElseThrow(),
                new Totals(rs.getInt("item_count"), read(rs.getString("total_amount")),
                        read(rs.getString("total_fees"))),
                new People(rs.getLong("created_by"), approved),
                rs.getTimestamp("created_at").toInstant());
    }

    /** Currency → amount, as the jsonb column holds it. */
    private static Map<String, BigDecimal> amounts(Map<String, Money> perCurrency) {
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        perCurrency.forEach((currency, money) -> out.put(currency, money.amount()));
        return out;
    }

    private static Map<String, Money> read(String json) {
        try {
            Map<String, Money> out = new LinkedHashMap<>();
            JSON.readValue(json, PER_CURRENCY).forEach((currency, amount) -> out.put(currency, Money.of(amount, currency)));
            return out;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable totals", e);
        }
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName(), e);
        }
    }

}
