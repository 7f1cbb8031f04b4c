package io.mizani.bootstrap.balance;

import io.mizani.application.balance.BalanceDemoSeed;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.bootstrap.common.MizaniSettings;
import io.mizani.bootstrap.tenancy.SandboxDemoMerchant;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;

/**
 * Sandbox mode: a demo merchant created by a release without payment balances (an existing data directory) gets
 * its opening balances at the next start. The seed's references make this a no-op when it already has them; a
 * demo merchant created in this start is funded by {@link BalanceDemoSeed} through the demo seeder, which runs
 * first.
 */
@Singleton
public class DemoBalanceUpgrade {

    void onStart(@Observes @Priority(jakarta.interceptor.Interceptor.Priority.APPLICATION + 600) StartupEvent event,
                 MizaniSettings settings, CredentialStore credentials, UnitOfWork uow, BalanceDemoSeed seed) {
        if (!settings.sandbox()) {
            return;
        }
        uow.inTransaction(() -> credentials.find(SandboxDemoMerchant.USERNAME))
                .ifPresent(demo -> seed.seedDemo(demo.accountId()));
    }
}
