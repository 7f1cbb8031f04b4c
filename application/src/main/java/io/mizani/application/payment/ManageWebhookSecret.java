package io.mizani.application.payment;

/** Input port: the merchant's callback signing secret, read (issued on first read) and rotated. */
public interface ManageWebhookSecret {

    String current(long accountId);

    String rotate(long accountId);
}
