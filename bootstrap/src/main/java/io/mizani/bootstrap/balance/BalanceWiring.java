package io.mizani.bootstrap.balance;

import io.mizani.application.balance.AdjustBalance;
import io.mizani.application.events.Events;
import io.mizani.application.balance.BalanceDemoSeed;
import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.balance.ManageTierLimits;
import io.mizani.application.balance.MerchantBalances;
import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.balance.TeamLimitStore;
import io.mizani.application.common.SandboxSeed;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.CountryInfo;
import io.mizani.application.payment.ListTransactions;
import io.mizani.application.payment.ListTransactionsService;
import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.application.payment.TransactionQuery;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

/** Creates the merchant-money use cases: payment balances, Team tier limits, the transactions list. */
@Singleton
public class BalanceWiring {

    @Produces
    @Singleton
    PaymentFunds paymentFunds(BalanceLedger ledger, TeamLimitStore limits) {
        return new PaymentFunds(ledger, limits);
    }

    @Produces
    @Singleton
    AdjustBalance adjustBalance(BalanceLedger ledger, UnitOfWork unitOfWork, PaymentCatalogue catalogue,
                                Events events) {
        return new AdjustBalance(ledger, unitOfWork,
                currency -> catalogue.countries().stream().map(CountryInfo::currency).anyMatch(currency::equals),
                events);
    }

    @Produces
    @Singleton
    MerchantBalances merchantBalances(BalanceLedger ledger) {
        return new MerchantBalances(ledger);
    }

    @Produces
    @Singleton
    ManageTierLimits manageTierLimits(TeamLimitStore store, UnitOfWork unitOfWork) {
        return new ManageTierLimits(store, unitOfWork);
    }

    @Produces
    @Singleton
    ListTransactions listTransactions(TransactionQuery query, io.mizani.application.payment.RefundedAmounts refunds) {
        return new ListTransactionsService(query).withRefunds(refunds);
    }

    @Produces
    @Singleton
    @jakarta.enterprise.inject.Typed(BalanceDemoSeed.class) // not a second SandboxSeed: see the method below
    BalanceDemoSeed balanceDemoSeed(AdjustBalance adjust) {
        return new BalanceDemoSeed(adjust);
    }

    /** The demo seeder calls every {@link SandboxSeed} bean. */
    @Produces
    @Singleton
    SandboxSeed balanceSandboxSeed(BalanceDemoSeed seed) {
        return seed::seedDemo;
    }
}
