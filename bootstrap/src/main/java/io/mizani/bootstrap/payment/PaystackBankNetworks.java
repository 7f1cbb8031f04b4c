package io.mizani.bootstrap.payment;

import io.mizani.adapter.provider.payment.PaystackBanks;
import io.mizani.adapter.provider.payment.PaystackRail;
import io.mizani.application.payment.CountryInfo;
import io.mizani.application.payment.PaymentCatalogue;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.RampType;
import jakarta.annotation.Priority;
import jakarta.decorator.Decorator;
import jakarta.decorator.Delegate;
import jakarta.enterprise.inject.Any;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * With Paystack on, {@code nip_ng}'s withdraw networks are Paystack's banks (platform.md section 14): the stored
 * {@code net_ng_nip} withdraw channel becomes one network per bank, {@code network_id} {@code net_ng_nip_<code>},
 * {@code network_name} the bank's name, {@code network_code} its Paystack code, with the stored channel's limits, fee,
 * account type and status. Discovery, payments and payout batches all see the same list, so a payout's network names
 * its destination bank. Until Paystack has answered once (or with Paystack off) the stored network stays.
 */
@Decorator
@Priority(10)
public class PaystackBankNetworks implements PaymentCatalogue {

    @Inject
    @Delegate
    @Any
    PaymentCatalogue delegate;

    @Inject
    PaymentWiring wiring;

    @Override
    public List<CountryInfo> countries() {
        return delegate.countries();
    }

    @Override
    public Optional<CountryInfo> country(String code) {
        return delegate.country(code);
    }

    @Override
    public Set<String> assignedProviders(long accountId) {
        return delegate.assignedProviders(accountId);
    }

    @Override
    public List<Network> networks(String country) {
        List<Network> stored = delegate.networks(country);
        if (!"NG".equalsIgnoreCase(country)) {
            return stored;
        }
        Optional<PaystackBanks> banks = wiring.paystackBanks();
        if (banks.isEmpty()) {
            return stored;
        }
        List<PaystackBanks.Bank> list = banks.get().banks();
        if (list.isEmpty()) {
            return stored;
        }
        List<Network> out = new ArrayList<>(stored.size() + list.size());
        for (Network n : stored) {
            if (!"nip_ng".equals(n.identity().provider()) || n.channel().ramp() != RampType.WITHDRAW) {
                out.add(n);
                continue;
            }
            for (PaystackBanks.Bank bank : list) {
                out.add(new Network(new Network.Identity(n.identity().provider(), n.identity().country(),
                        PaystackRail.BANK_NETWORK_PREFIX + bank.code(), bank.name(), bank.code()),
                        n.channel(), n.limits(), n.active()));
            }
        }
        return out;
    }
}
