package io.mizani.application.verification;

import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.PhoneRegions;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import io.mizani.domain.verification.CheckCatalogue;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Test builder: a {@link RunCheckService} with one provider, no operator routing and no call log, for the tests of
 * the billing steps (the service itself takes the providers, the routing table and the call log the wiring gives it).
 */
final class OneProvider {

    private OneProvider() {
    }

    static RunCheckService service(CheckCatalogue catalogue, VerificationAccess access, WalletCharges wallet,
                                   LookupStore lookups, VerificationProvider provider, PiiProtection pii,
                                   PhoneRegions phoneRegions, UnitOfWork uow, Clock clock, VerificationPolicy policy) {
        return new RunCheckService(catalogue, access, wallet, lookups, providers(provider), NO_ROUTING, calls -> { },
                pii, phoneRegions, uow, clock, policy);
    }

    static VerificationProviders providers(VerificationProvider provider) {
        String name = provider.name(null);
        return new VerificationProviders() {
            @Override
            public Set<String> names() {
                return Set.of(name);
            }

            @Override
            public Optional<VerificationProvider> find(String name) {
                return Optional.of(provider);
            }

            @Override
            public List<String> defaultRoute(String check) {
                return List.of(name);
            }
        };
    }

    /** No operator routes and no costs: the provider's default route. */
    static final RoutingStore NO_ROUTING = new RoutingStore() {
        @Override
        public RoutingTable load() {
            return RoutingTable.EMPTY;
        }

        @Override
        public void replace(RoutingTable table) {
            throw new UnsupportedOperationException("no routing store");
        }

        @Override
        public List<String> route(String check) {
            return List.of();
        }

        @Override
        public Map<String, Money> costs(String check) {
            return Map.of();
        }

        @Override
        public List<ProviderMargin> margins(Instant since) {
            return List.of();
        }
    };
}
