package io.mizani.bootstrap.tenancy;

import java.math.BigDecimal;
import java.util.List;

import org.jboss.logging.Logger;

import io.mizani.application.common.SandboxSeed;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.team.MerchantAdministration;
import io.mizani.application.team.TeamCommands;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.OperatorDirectory;
import io.mizani.bootstrap.common.MizaniSettings;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;

/**
 * Sandbox mode only: creates the demo merchant {@code demo} / {@code demo-secret} at first start (service wallet
 * 10,000 KES, every sandbox payment provider, and each feature's {@link SandboxSeed}). Live mode never creates it.
 * Also makes sure the operator login has its platform user row.
 */
@ApplicationScoped
public class SandboxDemoMerchant {

    private static final Logger LOG = Logger.getLogger(SandboxDemoMerchant.class);
    public static final String USERNAME = "demo";
    public static final String PASSWORD = "demo-secret";
    /** The sandbox payment providers of platform.md section 7. */
    public static final List<String> SANDBOX_PROVIDERS = List.of("mpesa_ke", "airtel_ke", "pesalink_ke", "card_ke",
            "nip_ng", "card_ng", "mtn_gh", "telecel_gh", "mtn_ug", "airtel_ug", "eft_za");

    void onStart(@Observes StartupEvent event, MizaniSettings settings, MerchantAdministration admin,
                 CredentialStore credentials, UnitOfWork uow, OperatorDirectory operators,
                 Instance<SandboxSeed> seeds) {
        uow.run(() -> operators.operatorUserId("operator"));
        if (!settings.sandbox()) {
            return;
        }
        if (uow.inTransaction(() -> credentials.find(USERNAME)).isPresent()) {
            return;
        }
        try {
            var demo = admin.onboard(new TeamCommands.OnboardMerchant("Mizani Demo", "Demo", "Merchant",
                    "demo@example.com", "+254700000000", "Demo Team", "demo@example.com", "+254", "700000000"),
                    USERNAME, PASSWORD);
            long accountId = demo.account().id();
            admin.credit(accountId, new BigDecimal("10000.00"), "sandbox-demo-opening-balance");
            admin.setPaymentProviders(accountId, SANDBOX_PROVIDERS);
            for (SandboxSeed seed : seeds) {
                seed.seedDemo(accountId);
            }
            LOG.infof("Sandbox demo merchant created: username %s, account %d", USERNAME, accountId);
        } catch (RuntimeException raced) {
            // Another replica created it at the same moment: the unique username decided.
            if (uow.inTransaction(() -> credentials.find(USERNAME)).isEmpty()) {
                throw raced;
            }
        }
    }
}
