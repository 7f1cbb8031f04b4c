package io.mizani.bootstrap.screening;

import io.mizani.application.billing.ChargeGate;
import io.mizani.application.billing.WalletCharges;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.Events;
import io.mizani.application.screening.ScreeningService;
import io.mizani.application.screening.ScreeningStore;
import io.mizani.application.verification.PiiProtection;
import io.mizani.application.verification.VerificationAccess;
import io.mizani.bootstrap.common.CommonWiring;
import io.mizani.bootstrap.common.MizaniSettings;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.time.Duration;

/** Compliance screening (platform.md section 20): one service per replica, holding the lists' index. */
@Singleton
public class ScreeningWiring {

    /** The live price of a screen on the platform key (platform.md section 20). */
    public static final BigDecimal LIVE_PRICE = new BigDecimal("50.00");
    /** Beneficiaries screened per look-back transaction. */
    public static final int LOOKBACK_CHUNK = 2000;

    @Produces
    @Singleton
    ScreeningService screeningService(ScreeningStore store, UnitOfWork unitOfWork, Events events,
                                      VerificationAccess access, WalletCharges wallet, PiiProtection pii,
                                      MizaniSettings settings) {
        return new ScreeningService(new ScreeningService.Ports(store, unitOfWork, events, access, wallet, pii,
                CommonWiring.STORED), new ScreeningService.Settings(settings.screeningOn(), LIVE_PRICE,
                new ChargeGate(8, Duration.ofSeconds(2)), LOOKBACK_CHUNK));
    }
}
