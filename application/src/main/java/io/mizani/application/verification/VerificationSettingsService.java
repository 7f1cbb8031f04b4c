package io.mizani.application.verification;

import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.common.Money;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckDefinition;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Settings and entitlement. A check can run now ({@code allowed}) when identity checks are available, switched on,
 * and, on the platform key, the wallet covers the cheapest live check.
 */
public final class VerificationSettingsService implements ManageVerificationSettings {

    private final CheckCatalogue catalogue;
    private final VerificationSettingsStore settings;
    private final IdentityCheckAvailability availability;
    private final WalletCharges wallet;
    private final PiiProtection pii;
    private final UnitOfWork uow;

    public VerificationSettingsService(CheckCatalogue catalogue, VerificationSettingsStore settings,
                                       IdentityCheckAvailability availability, WalletCharges wallet,
                                       PiiProtection pii, UnitOfWork uow) {
        this.catalogue = catalogue;
        this.settings = settings;
        this.availability = availability;
        this.wallet = wallet;
        this.pii = pii;
        this.uow = uow;
    }

    @Override
    public VerificationMode mode(long accountId) {
        return uow.inTransaction(() -> settings.find(accountId).orElse(VerificationSettings.DEFAULT)).mode();
    }

    @Override
    public VerificationMode update(long accountId, String mode, String providerKey) {
        if (mode == null || mode.isBlank()) {
            throw VerificationErrors.invalidRequest("mode is required");
        }
        VerificationMode m = VerificationMode.fromWire(mode)
                .orElseThrow(() -> VerificationErrors.invalidRequest("mode must be one of: off, platform, own_key"));
        byte[] sealed = null;
        if (m == VerificationMode.OWN_KEY) {
            if (providerKey == null || providerKey.isBlank()) {
                throw VerificationErrors.invalidRequest("provider_key is required for own_key");
            }
            sealed = pii.seal(providerKey.strip());
        }
        VerificationSettings next = new VerificationSettings(m, sealed);
        uow.run(() -> settings.save(accountId, next));
        return m;
    }

    @Override
    public Entitlement entitlement(long accountId) {
        record State(VerificationMode mode, boolean available, BigDecimal balance) {
        }
        State s = uow.inTransaction(() -> new State(
                settings.find(accountId).orElse(VerificationSettings.DEFAULT).mode(),
                availability.available(accountId),
                wallet.balance(accountId).amount().setScale(2)));
        Map<String, Entitlement.Price> prices = new LinkedHashMap<>();
        BigDecimal cheapest = null;
        for (CheckDefinition c : catalogue.all()) {
            BigDecimal live = catalogue.livePrice(c.key());
            prices.put(c.key(), new Entitlement.Price(Money.of(live, CheckCatalogue.CURRENCY),
                    Money.of(catalogue.cachedPrice(c.key()), CheckCatalogue.CURRENCY)));
            cheapest = cheapest == null || live.compareTo(cheapest) < 0 ? live : cheapest;
        }
        boolean platform = s.mode() == VerificationMode.PLATFORM;
        String billingMode = switch (s.mode()) {
            case PLATFORM -> "service_wallet";
            case OWN_KEY -> "own_key";
            case OFF -> "none";
        };
        String reason = null;
        String message;
        if (!s.available()) {
            reason = "not_available";
            message = VerificationErrors.NOT_AVAILABLE_MESSAGE;
        } else if (s.mode() == VerificationMode.OFF) {
            reason = "not_enabled";
            message = VerificationErrors.NOT_ENABLED_MESSAGE;
        } else if (platform && s.balance().compareTo(cheapest) < 0) {
            reason = "insufficient_balance";
            message = VerificationErrors.INSUFFICIENT_MESSAGE;
        } else {
            message = platform ? "checks run on the platform key and are billed to the service wallet"
                    : "checks run on your own provider key and are free";
        }
        return new Entitlement(platform, billingMode, reason, message, Money.of(s.balance(), CheckCatalogue.CURRENCY),
                prices);
    }
}
