package io.mizani.adapter.provider.payout;

import io.mizani.adapter.provider.payment.PaystackApi;
import io.mizani.application.payout.PayeeDirectory;
import io.mizani.domain.payout.PayeeStatus;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * {@code nip_ng} accounts by Paystack's {@code GET /bank/resolve?account_number=&bank_code=}: {@code data.account_name}
 * is the account name. Paystack's refusal to resolve (its {@code status: false} with 400, 404 or 422) is
 * {@code not_found}, as is an account without a bank code (no call: a NUBAN alone names no account); a timeout, a
 * 5xx, a refused key or an unreadable answer is {@code unavailable}.
 */
public final class PaystackPayeeResolver implements PayeeDirectory {

    private final PaystackApi api;

    public PaystackPayeeResolver(PaystackApi api) {
        this.api = api;
    }

    @Override
    public Lookup resolve(Account account) {
        if (account.bankCode() == null || account.bankCode().isBlank()) {
            return Lookup.of(PayeeStatus.NOT_FOUND);
        }
        PaystackApi.Reply reply = api.get("/bank/resolve?account_number=" + encode(account.accountNumber())
                + "&bank_code=" + encode(account.bankCode().trim()));
        if (reply.noAnswer() != null) {
            return Lookup.of(PayeeStatus.UNAVAILABLE);
        }
        if (reply.ok()) {
            String name = reply.data() == null ? null : reply.data().path("account_name").asText("").trim();
            return name == null || name.isEmpty() ? Lookup.of(PayeeStatus.UNAVAILABLE)
                    : new Lookup(PayeeStatus.RESOLVED, name);
        }
        int status = reply.status();
        return status == 400 || status == 404 || status == 422 ? Lookup.of(PayeeStatus.NOT_FOUND)
                : Lookup.of(PayeeStatus.UNAVAILABLE);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s.trim(), StandardCharsets.UTF_8);
    }
}
