package io.mizani.application.payout;

import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payout.PayeeCheck;
import io.mizani.domain.payout.PayeeCheckPolicy;
import io.mizani.domain.payout.PayeeMatch;
import io.mizani.domain.payout.PayeeStatus;

import java.util.List;
import java.util.Optional;

/**
 * Payee confirmation (platform.md section 16): resolves an account's holder through the {@link PayeeDirectory} and
 * compares the merchant's name with it, for {@code POST /payees/resolve} and for a withdrawal's
 * {@code payment_config.payee_check}. The rail is the provider's in the country (from the catalogue): a provider
 * that only takes cards cannot resolve names ({@code unsupported}); a provider the country does not have is 400.
 */
public final class PayeeService implements ResolvePayee {

    private final PayeeDirectory directory;
    private final PaymentCatalogue catalogue;

    public PayeeService(PayeeDirectory directory, PaymentCatalogue catalogue) {
        this.directory = directory;
        this.catalogue = catalogue;
    }

    @Override
    public Resolution resolve(Command cmd) {
        if (catalogue.country(cmd.country()).isEmpty()) {
            throw DomainError.invalidArgument("country \"" + cmd.country() + "\" is not served");
        }
        List<Network> networks = catalogue.networks(cmd.country()).stream()
                .filter(n -> n.identity().provider().equals(cmd.provider())).toList();
        if (networks.isEmpty()) {
            throw DomainError.invalidArgument("provider \"" + cmd.provider() + "\" does not operate in " + cmd.country());
        }
        Optional<Rail> rail = networks.stream().map(n -> n.channel().rail()).filter(r -> r != Rail.CARD).findFirst();
        if (rail.isEmpty()) {
            return new Resolution(PayeeStatus.UNSUPPORTED, null, null);
        }
        ExpectedName name = cmd.name();
        return lookup(new PayeeDirectory.Account(cmd.country(), cmd.provider(), rail.get(), cmd.accountNumber(),
                cmd.bankCode()), name == null ? null : name.firstName(), name == null ? null : name.lastName());
    }

    /**
     * A withdrawal's payee check: the directory's answer for the payee's account judged by {@code policy}; throws the
     * refusal (400 {@code payee name check failed: <status or verdict>}), else answers what the transaction shows.
     * Never called with {@link PayeeCheckPolicy#OFF}.
     */
    public PayeeCheck check(PayeeCheckPolicy policy, PayeeDirectory.Account account, String firstName,
                            String lastName) {
        Resolution r = account.rail() == Rail.CARD ? new Resolution(PayeeStatus.UNSUPPORTED, null, null)
                : lookup(account, firstName, lastName);
        PayeeMatch match = r.match() != null ? r.match()
                : r.status() == PayeeStatus.RESOLVED ? PayeeMatch.of(firstName, lastName, r.accountName()) : null;
        policy.refusal(r.status(), match).ifPresent(reason -> {
            throw DomainError.invalidArgument(PayeeCheckPolicy.refusalMessage(reason));
        });
        return new PayeeCheck(r.status(), match == null ? null : match.score());
    }

    private Resolution lookup(PayeeDirectory.Account account, String firstName, String lastName) {
        PayeeDirectory.Lookup found = directory.resolve(account);
        if (found.status() != PayeeStatus.RESOLVED) {
            return new Resolution(found.status(), null, null);
        }
        boolean named = !blank(firstName) || !blank(lastName);
        return new Resolution(PayeeStatus.RESOLVED, found.accountName(),
                named ? PayeeMatch.of(firstName, lastName, found.accountName()) : null);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
