package io.mizani.application.payout;

import io.mizani.domain.payment.Rail;
import io.mizani.domain.payout.PayeeStatus;

/**
 * Output port: who holds an account on a payment rail (platform.md section 16). Sandbox: the deterministic names of
 * section 5. Live resolvers plug in here by provider code: MTN basicuserinfo ({@code mtn_gh}, {@code mtn_ug}),
 * Airtel's KYC user enquiry ({@code airtel_ke}, {@code airtel_ug}) and Paystack bank resolve ({@code nip_ng}) when
 * configured; a rail without one (M-Pesa) answers {@code unsupported} in live mode. Called outside any database transaction.
 */
public interface PayeeDirectory {

    /** The account asked about: the rail is the provider's in that country; {@code bankCode} only on bank rails. */
    record Account(String country, String provider, Rail rail, String accountNumber, String bankCode) {
    }

    /** The directory's answer: {@code accountName} only when {@code resolved}. */
    record Lookup(PayeeStatus status, String accountName) {

        public static Lookup of(PayeeStatus status) {
            return new Lookup(status, null);
        }
    }

    Lookup resolve(Account account);
}
