package io.mizani.application.payout;

import io.mizani.domain.common.Choice;
import io.mizani.application.payment.StartPaymentCommand;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.PaymentStatus;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Input port: payout batches (platform.md section 16): create, approve, cancel, read, list items. */
public interface PayoutBatches {

    /** At most this many items in a batch. */
    int MAX_ITEMS = 10_000;

    /**
     * One item as sent: a withdrawal body without request_type and callback_url, in the payment command's parts (the
     * batch's callback_url is put in; {@code paymentConfig.reference} is the item's reference).
     */
    record Item(StartPaymentCommand.Order order, StartPaymentCommand.Customer customer,
                StartPaymentCommand.ProviderConfig providerConfig, StartPaymentCommand.PaymentConfig paymentConfig,
                List<String> readErrors) {

        /** {@code readErrors}: what was wrong reading the item (a CSV cell that is not a number), reported first. */
        public Item {
            readErrors = readErrors == null ? List.of() : List.copyOf(readErrors);
        }
    }

    /** Who asks: the Team (merchant) and the credential's user. */
    record Caller(long accountId, long userId) {
    }

    /** POST /payout-batches; validates the batch's own fields (the items are judged by the use case). */
    record CreateBatch(Caller caller, String batchReference, String callbackUrl, List<Item> items) {

        public CreateBatch {
            if (batchReference == null || batchReference.isBlank()) {
                throw DomainError.invalidArgument("batch_reference is required");
            }
            batchReference = batchReference.trim();
            if (batchReference.length() > 128) {
                throw DomainError.invalidArgument("batch_reference must be at most 128 characters");
            }
            if (callbackUrl == null || callbackUrl.isBlank()) {
                throw DomainError.invalidArgument("callback_url is required");
            }
            callbackUrl = callbackUrl.trim();
            if (items == null || items.isEmpty()) {
                throw DomainError.invalidArgument("items must hold at least one item");
            }
            if (items.size() > MAX_ITEMS) {
                throw DomainError.invalidArgument("a batch holds at most " + MAX_ITEMS + " items, not " + items.size());
            }
            items = List.copyOf(items);
        }
    }

    /**
     * GET .../items: {@code status} one of the transaction statuses or absent, limit 1-100 (default 20). The status
     * arrives parsed ({@link #status(String)}, at the REST edge); an unknown one is refused where it was before, first.
     */
    record ItemQuery(Caller caller, String batchReference, Choice<PaymentStatus> status, String limit,
                     String startingAfter) {

        /** The client's {@code status} as sent: absent, a transaction status (any case, trimmed), or unknown. */
        public static Choice<PaymentStatus> status(String raw) {
            return Choice.parse(raw, s -> {
                String w = s.trim().toLowerCase(Locale.ROOT);
                for (PaymentStatus p : PaymentStatus.values()) {
                    if (p.wire().equals(w)) {
                        return Optional.of(p);
                    }
                }
                return Optional.empty();
            });
        }

        public Optional<PaymentStatus> parsedStatus() {
            if (status == null || status.isAbsent()) {
                return Optional.empty();
            }
            return Optional.of(status.known().orElseThrow(
                    () -> DomainError.invalidArgument("status must be one of queued, pending, succeeded, failed")));
        }

        public int parsedLimit() {
            if (limit == null || limit.isBlank()) {
                return 20;
            }
            try {
                int n = Integer.parseInt(limit.trim());
                if (n >= 1 && n <= 100) {
                    return n;
                }
            } catch (NumberFormatException ignored) {
                // refused below
            }
            throw DomainError.invalidArgument("limit must be an integer from 1 to 100");
        }
    }

    /** A page of the batch's items (transactions). */
    record ItemPage(List<io.mizani.application.payment.TransactionView> items, boolean hasMore) {
    }

    BatchView create(CreateBatch command);

    BatchView approve(Caller caller, String batchReference);

    BatchView cancel(Caller caller, String batchReference);

    BatchView get(Caller caller, String batchReference);

    /** The batch of one of the Team's payments (its row id), with its counts; empty when it was paid alone. */
    java.util.Optional<BatchView> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId);

    ItemPage items(ItemQuery query);
}
