package io.mizani.adapter.provider.payout;

import io.mizani.adapter.provider.verification.SandboxVerificationProvider;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.domain.payout.PayeeStatus;

/**
 * The sandbox payee directory (platform.md section 16): an account number ending in {@code 404} is {@code not_found},
 * ending in {@code 503} is {@code unavailable}; any other is {@code resolved} to the deterministic person of
 * section 5 for the account number as identifier ({@link SandboxVerificationProvider#person}, the one derivation).
 */
public final class SandboxPayeeDirectory implements PayeeDirectory {

    @Override
    public Lookup resolve(Account account) {
        String number = account.accountNumber().trim();
        if (number.endsWith("404")) {
            return Lookup.of(PayeeStatus.NOT_FOUND);
        }
        if (number.endsWith("503")) {
            return Lookup.of(PayeeStatus.UNAVAILABLE);
        }
        String[] person = SandboxVerificationProvider.person(number);
        return new Lookup(PayeeStatus.RESOLVED, person[0] + " " + person[1]);
    }
}
