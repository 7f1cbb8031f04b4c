package io.mizani.bootstrap.operator;

import java.time.Clock;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import io.mizani.application.audit.AuditService;
import io.mizani.application.audit.AuditTrail;
import io.mizani.application.balance.AdjustBalance;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.operator.ApprovalStore;
import io.mizani.application.operator.FourEyes;
import io.mizani.application.operator.ManageOperators;
import io.mizani.application.operator.OperatorAuthenticator;
import io.mizani.application.operator.OperatorStore;
import io.mizani.application.team.MerchantAdministration;
import io.mizani.bootstrap.common.MizaniSettings;
import io.mizani.domain.audit.AuditKeys;
import io.mizani.domain.common.RateTable;
import io.mizani.domain.operator.FourEyesRule;
import io.quarkus.runtime.StartupEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;

/** Operators, four-eyes approvals and the audit log (platform.md section 18). */
@Singleton
public class OperatorWiring {

    private static final Logger LOG = Logger.getLogger(OperatorWiring.class);

    @ConfigProperty(name = "mizani.operator-password", defaultValue = "sandbox-operator")
    String operatorPassword;

    @Produces
    @Singleton
    OperatorAuthenticator operatorAuthenticator(OperatorStore store, Clock clock, MizaniSettings settings,
                                                UnitOfWork uow) {
        OperatorStore transactional = transactional(store, uow);
        return new OperatorAuthenticator(transactional, clock, settings.credentialCacheTtl());
    }

    /** The store with each call in its own transaction (the authenticator and the console's sessions call it alone). */
    static OperatorStore transactional(OperatorStore store, UnitOfWork uow) {
        return new OperatorStore() {
            @Override
            public java.util.Optional<Operator> insert(String username, io.mizani.domain.operator.OperatorRole role,
                                                       byte[] secretHash) {
                return uow.inTransaction(() -> store.insert(username, role, secretHash));
            }

            @Override
            public void upsertBootstrap(String username, byte[] secretHash) {
                uow.run(() -> store.upsertBootstrap(username, secretHash));
            }

            @Override
            public java.util.Optional<StoredOperator> find(String username) {
                return uow.inTransaction(() -> store.find(username));
            }

            @Override
            public java.util.List<Operator> list() {
                return uow.inTransaction(store::list);
            }

            @Override
            public boolean delete(String username) {
                return uow.inTransaction(() -> store.delete(username));
            }

            @Override
            public void signOutConsole(long operatorId, java.time.Instant at) {
                uow.run(() -> store.signOutConsole(operatorId, at));
            }
        };
    }

    /**
     * The console's sign-in sessions: signed under a key derived from MIZANI_PII_KEY (the sandbox key in sandbox
     * mode), so every replica resumes a session any replica opened; ended after MIZANI_CONSOLE_IDLE_TIMEOUT without a
     * request and MIZANI_CONSOLE_SESSION_MAX after sign-in.
     */
    @Produces
    @Singleton
    io.mizani.application.operator.ConsoleSessions consoleSessions(
            OperatorStore store, UnitOfWork uow, Clock clock, io.mizani.bootstrap.verification.VerificationWiring keys,
            MizaniSettings settings) {
        return new io.mizani.application.operator.ConsoleSessions(transactional(store, uow),
                new io.mizani.adapter.provider.crypto.HmacConsoleSessionSigner(keys.masterKey()), clock,
                new io.mizani.application.operator.ConsoleSessions.Limits(settings.console().idleTimeout(),
                        settings.console().sessionMax()));
    }

    /** The console forms' CSRF tokens, under a key every replica derives from MIZANI_PII_KEY. */
    @Produces
    @Singleton
    io.mizani.adapter.rest.console.ConsoleCsrf consoleCsrf(io.mizani.bootstrap.verification.VerificationWiring keys) {
        return new io.mizani.adapter.rest.console.ConsoleCsrf(io.mizani.adapter.provider.crypto.AesGcmPiiProtection
                .derivedKey(keys.masterKey(), "mizani/console/csrf/v1"));
    }

    @Produces
    @Singleton
    ManageOperators manageOperators(OperatorStore store, OperatorAuthenticator authenticator, UnitOfWork uow) {
        return new ManageOperators(store, authenticator, uow);
    }

    @Produces
    @Singleton
    FourEyes fourEyes(RateTable rates, ApprovalStore store, AdjustBalance adjust, MerchantAdministration admin,
                      UnitOfWork uow, MizaniSettings settings) {
        return new FourEyes(new FourEyesRule(settings.approvalThresholdUsd(), rates), store, adjust, admin, uow);
    }

    /**
     * The checkpoint key: MIZANI_AUDIT_SIGNING_KEY (32 bytes, base64 or hex: the Ed25519 seed) when set; without it
     * the key is derived from the salt the database was given at its first start (SHA-256 of a fixed label and the
     * salt), the same at every start on the same data (docs/operators.md). Live mode should set the variable: a key
     * derived from the database can be derived by anyone who can read it.
     */
    @Produces
    @Singleton
    AuditKeys auditKeys(AuditTrail trail, UnitOfWork uow, MizaniSettings settings) {
        java.util.Optional<String> configured = settings.auditSigningKey().filter(k -> !k.isBlank());
        if (configured.isPresent()) {
            return AuditKeys.fromConfigured(configured.get());
        }
        if (!settings.sandbox()) {
            LOG.warn("MIZANI_AUDIT_SIGNING_KEY is not set: audit checkpoints are signed with a key derived from the "
                    + "database (set the variable in live mode)");
        }
        String salt = uow.inTransaction(trail::sandboxSalt).orElseThrow();
        return AuditKeys.sandbox(salt);
    }

    @Produces
    @Singleton
    AuditService auditService(AuditTrail trail, AuditKeys keys, UnitOfWork uow) {
        return new AuditService(trail, keys, uow);
    }

    /** At every start: the bootstrap {@code operator} login is an admin with MIZANI_OPERATOR_PASSWORD. */
    void onStart(@Observes StartupEvent event, ManageOperators operators) {
        operators.ensureBootstrap(operatorPassword);
    }
}
