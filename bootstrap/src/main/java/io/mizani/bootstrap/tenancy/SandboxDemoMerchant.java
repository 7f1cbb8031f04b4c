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
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;

/**
 * Sandbox mode only: creates the demo merchant {@code demo} / {@code demo-secret} at first start (service wallet
 * 10,000 KES, every sandbox payment provider, and each feature's {@link SandboxSeed}). Live mode never creates it.
 * Also makes sure the operator login has its platform user row.
 */
@Singleton
public class SandboxDemoMerchant {

    private static final Logger LOG = Logger.getLogger(SandboxDemoMerchant.class);
    public static final String USERNAME = "demo";
    public static final String PASSWORD = "demo-secret";
    /** The sandbox payment providers of platform.md section 7. */
    public static final List<String> SANDBOX_PROVIDERS = List.of("mpesa_ke", "airtel_ke", "pesalink_ke", "card_ke",
            "nip_ng", "card_ng", "mtn_gh", "telecel_gh", "mtn_ug", "airtel_ug", "eft_za");

    /** The documented sandbox default of the operator password (platform.md section 1); never a real secret. */
    static final String SANDBOX_OPERATOR_PASSWORD = "sandbox-operator";

    /** The operator password to print: the sandbox default, or null when one was set (then it is not printed). */
    static String operatorPassword() {
        String set = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getOptionalValue("mizani.operator-password", String.class).orElse(null);
        return SANDBOX_OPERATOR_PASSWORD.equals(set) ? SANDBOX_OPERATOR_PASSWORD : null;
    }

    /**
     * What a newcomer needs after the first start, printed once (when the demo merchant is created, sandbox mode
     * only): the demo login, the operator login, where the docs UI and the console are, and that this is sandbox.
     */
    static String firstRunBanner(String publicUrl, long accountId, String operatorPassword) {
        String base = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
        return String.join("\n",
                "",
                "==================================================================",
                " Mizani is running in SANDBOX mode: no real money, no real checks.",
                " Demo merchant API login: " + USERNAME + " / " + PASSWORD + " (Team " + accountId + ")",
                " Operator login:          operator / " + (operatorPassword != null ? operatorPassword
                        : "(the MIZANI_OPERATOR_PASSWORD you set)"),
                " API docs (Swagger UI):   " + base + "/q/swagger-ui",
                " Operator console:        " + base + "/console",
                " Health:                  " + base + "/q/health/ready",
                " (printed once, at the first start)",
                "==================================================================");
    }

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
            LOG.info(firstRunBanner(settings.publicUrl(), accountId, operatorPassword()));
        } catch (RuntimeException raced) {
            // Another replica created it at the same moment: the unique username decided.
            if (uow.inTransaction(() -> credentials.find(USERNAME)).isEmpty()) {
                throw raced;
            }
        }
    }
}
