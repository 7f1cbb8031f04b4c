package io.mizani.adapter.provider.payout;

import io.mizani.application.payout.PayeeDirectory;
import io.mizani.domain.payout.PayeeStatus;

/**
 * Live mode's payee directory. No live resolver is built yet (MTN MoMo basicuserinfo, Airtel KYC enquiry, Paystack
 * bank resolve are the ones section 16 names): every rail answers {@code unsupported}, never a made-up name, so a
 * {@code lenient} payee check lets the withdrawal through and a {@code strict} one refuses it.
 */
public final class LivePayeeDirectory implements PayeeDirectory {

    @Override
    public Lookup resolve(Account account) {
        return Lookup.of(PayeeStatus.UNSUPPORTED);
    }
}
