package io.mizani.application.payout;

import io.mizani.domain.common.Money;
import io.mizani.domain.payout.PayoutBatchStatus;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code batch} of platform.md section 16, exactly these fields: {@code batch_reference, status, item_count,
 * total_amount, total_fees, created_by, approved_by, created_at, counts}. {@link #asMap} is the one place they are
 * laid out, for the API and for the {@code payout_batch.completed} event.
 */
public record BatchView(PayoutBatchStore.Batch batch, PayoutBatchStore.Counts counts) {

    public Map<String, Object> asMap() {
        var m = new LinkedHashMap<String, Object>();
        m.put("batch_reference", batch.batchReference());
        m.put("status", batch.status().wire());
        m.put("item_count", batch.totals().itemCount());
        m.put("total_amount", money(batch.totals().amount()));
        m.put("total_fees", money(batch.totals().fees()));
        m.put("created_by", batch.people().createdBy());
        m.put("approved_by", batch.people().approvedBy());
        m.put("created_at", time(batch.createdAt()));
        var c = new LinkedHashMap<String, Object>();
        c.put("queued", counts.queued());
        c.put("pending", counts.pending());
        c.put("succeeded", counts.succeeded());
        c.put("failed", counts.failed());
        m.put("counts", c);
        return m;
    }

    public PayoutBatchStatus status() {
        return batch.status();
    }

    private static Map<String, BigDecimal> money(Map<String, Money> perCurrency) {
        var out = new LinkedHashMap<String, BigDecimal>();
        perCurrency.forEach((currency, money) -> out.put(currency, money.amount().setScale(2, RoundingMode.HALF_EVEN)));
        return out;
    }

    private static String time(Instant t) {
        return t == null ? null : DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS));
    }
}
