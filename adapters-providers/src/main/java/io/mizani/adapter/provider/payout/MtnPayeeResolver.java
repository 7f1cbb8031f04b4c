package io.mizani.adapter.provider.payout;

import io.mizani.adapter.provider.payment.MtnRail;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.domain.payout.PayeeStatus;

/**
 * {@code mtn_gh}/{@code mtn_ug} account holders by MTN's {@code basicuserinfo} (collection product): the holder's
 * {@code given_name family_name} is the account name; 404 (or 400) is {@code not_found}; a timeout, a 5xx, a refused
 * key or an answer without a name is {@code unavailable}, never a made-up name.
 */
public final class MtnPayeeResolver implements PayeeDirectory {

    private final MtnRail mtn;

    public MtnPayeeResolver(MtnRail mtn) {
        this.mtn = mtn;
    }

    @Override
    public Lookup resolve(Account account) {
        return switch (mtn.basicUserInfo(account.accountNumber(), account.country())) {
            case MtnRail.Holder.Named n -> new Lookup(PayeeStatus.RESOLVED, n.name());
            case MtnRail.Holder.Unknown u -> Lookup.of(PayeeStatus.NOT_FOUND);
            case MtnRail.Holder.NoAnswer n -> Lookup.of(PayeeStatus.UNAVAILABLE);
        };
    }
}
