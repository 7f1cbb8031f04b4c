package io.mizani.adapter.provider.payout;

import io.mizani.adapter.provider.payment.AirtelRail;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.domain.payout.PayeeStatus;

/**
 * {@code airtel_ke}/{@code airtel_ug} account holders by Airtel's KYC user enquiry ({@code GET
 * /standard/v1/users/{msisdn}}): {@code first_name last_name} is the account name; 404 or {@code DP02200000002} is
 * {@code not_found}; a timeout, a 5xx, refused credentials, a failed enquiry or an answer without a name is
 * {@code unavailable}, never a made-up name.
 */
public final class AirtelPayeeResolver implements PayeeDirectory {

    private final AirtelRail airtel;

    public AirtelPayeeResolver(AirtelRail airtel) {
        this.airtel = airtel;
    }

    @Override
    public Lookup resolve(Account account) {
        return switch (airtel.user(account.accountNumber(), account.country())) {
            case AirtelRail.Holder.Named n -> new Lookup(PayeeStatus.RESOLVED, n.name());
            case AirtelRail.Holder.Unknown u -> Lookup.of(PayeeStatus.NOT_FOUND);
            case AirtelRail.Holder.NoAnswer n -> Lookup.of(PayeeStatus.UNAVAILABLE);
        };
    }
}
