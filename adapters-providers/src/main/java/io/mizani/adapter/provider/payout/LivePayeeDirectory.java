package io.mizani.adapter.provider.payout;

import io.mizani.application.payout.PayeeDirectory;
import io.mizani.domain.payout.PayeeStatus;

import java.util.Map;

/**
 * The payee directory by provider code: a configured live adapter's resolver serves its codes (MTN basicuserinfo for
 * {@code mtn_gh}/{@code mtn_ug}, Airtel's KYC user enquiry for {@code airtel_ke}/{@code airtel_ug}, Paystack bank
 * resolve for {@code nip_ng}) in either mode, like the rails; every other code goes to {@code otherwise}: the sandbox
 * directory in sandbox mode, {@link #UNSUPPORTED} in live mode (no Daraja name lookup is built), never a made-up name, so a {@code lenient} payee check lets the
 * withdrawal through and a {@code strict} one refuses it.
 */
public final class LivePayeeDirectory implements PayeeDirectory {

    /** A rail that cannot resolve names. */
    public static final PayeeDirectory UNSUPPORTED = account -> Lookup.of(PayeeStatus.UNSUPPORTED);

    private final Map<String, PayeeDirectory> byProvider;
    private final PayeeDirectory otherwise;

    public LivePayeeDirectory(Map<String, PayeeDirectory> byProvider, PayeeDirectory otherwise) {
        this.byProvider = Map.copyOf(byProvider);
        this.otherwise = otherwise;
    }

    /** Live mode with no resolver configured: every rail answers {@code unsupported}. */
    public LivePayeeDirectory() {
        this(Map.of(), UNSUPPORTED);
    }

    @Override
    public Lookup resolve(Account account) {
        return byProvider.getOrDefault(account.provider(), otherwise).resolve(account);
    }
}
