package io.mizani.application.payment;

import java.util.List;

/**
 * Input port: GET /api/global/transactions (platform.md section 10), the caller's transactions newest first,
 * filtered and paged as {@link Query} says (every value as sent; a malformed or unknown one is a 400).
 */
public interface ListTransactions {

    int DEFAULT_LIMIT = 20;
    int MAX_LIMIT = 100;

    /** The query parameters as sent (null or blank: absent). */
    record Query(String status, String requestType, String provider, String from, String to, String limit,
                 String startingAfter) {
    }

    record Page(List<TransactionView> transactions, boolean hasMore) {
    }

    Page list(long accountId, Query query);
}
