package io.mizani.application.payment;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;

import java.util.List;
import java.util.Map;

/**
 * Input port: GET /api/global/transactions (platform.md section 10), the caller's transactions newest first,
 * filtered and paged as {@link Query} says (every value as sent; a malformed or unknown one is a 400).
 */
public interface ListTransactions {

    int DEFAULT_LIMIT = 20;
    int MAX_LIMIT = 100;

    /**
     * The query: the status and request type filters parsed by the edge ({@link #status}, {@link #requestType}; null:
     * absent), the other parameters as sent (null or blank: absent).
     */
    record Query(PaymentStatus status, RequestType requestType, String provider, String from, String to, String limit,
                 String startingAfter) {
    }

    /**
     * The {@code status} parameter: null or blank is absent (null); else one of the wire names, or 400
     * {@code invalid_argument} naming {@code status}. Judged first, before {@link #requestType}.
     */
    static PaymentStatus status(String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        String v = raw.trim();
        for (PaymentStatus s : PaymentStatus.values()) {
            if (s.wire().equals(v)) {
                return s;
            }
        }
        throw invalid("status", "status must be one of queued, pending, succeeded, failed");
    }

    /** The {@code request_type} parameter: null or blank is absent (null); else its exact wire name, or 400. */
    static RequestType requestType(String raw) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        return RequestType.parse(raw).filter(t -> t.wire().equals(raw.trim()))
                .orElseThrow(() -> invalid("request_type", "request_type must be one of payment, withdrawal"));
    }

    private static DomainError invalid(String field, String message) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", message,
                DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.of(field)));
    }

    record Page(List<TransactionView> transactions, boolean hasMore) {
    }

    Page list(long accountId, Query query);
}
