package io.mizani.application.payment;

/** Input port: POST /api/global/transaction-status, the account's transaction by merchant_reference, else 404. */
public interface TransactionStatus {

    TransactionView find(long accountId, String merchantReference);
}
