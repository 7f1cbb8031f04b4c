package io.mizani.application.refund;

import io.mizani.domain.refund.Refund;

import java.util.List;

/** GET /api/global/refunds/{refund_reference} and GET /api/global/refunds, for the caller's account only. */
public interface ReadRefunds {

    record Page(List<Refund> refunds, boolean hasMore) {
    }

    /** The query as sent: every part optional (null or blank: absent). */
    record Query(String merchantReference, String limit, String startingAfter) {
    }

    Refund find(long accountId, String refundReference);

    Page list(long accountId, Query query);
}
