package io.mizani.application.verification;

/** Whether the operator left identity checks available on the account ({@code accounts.identity_checks_available}). */
public interface IdentityCheckAvailability {

    boolean available(long accountId);
}
