package io.mizani.bootstrap.tenancy;

import java.time.Clock;

import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.team.InvitationMailer;
import io.mizani.application.team.InvitationStore;
import io.mizani.application.team.MerchantAdministration;
import io.mizani.application.common.PhoneRegions;
import io.mizani.application.team.TeamService;
import io.mizani.application.team.TeamStore;
import io.mizani.application.team.UserStore;
import io.mizani.application.tenancy.ApiKey;
import io.mizani.application.tenancy.ApiKeyService;
import io.mizani.application.tenancy.ApiKeyStore;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.KeyUseRecorder;
import io.mizani.application.tenancy.MerchantAuthenticator;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;
import io.mizani.bootstrap.common.MizaniSettings;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Produces;

@Singleton
public class TenancyWiring {

    @Produces
    @Singleton
    MerchantAuthenticator merchantAuthenticator(CredentialStore store, ApiKeyStore keys, Clock clock,
                                                MizaniSettings settings, UnitOfWork uow) {
        CredentialStore transactional = new CredentialStore() {
            @Override
            public java.util.Optional<StoredCredential> find(String username) {
                return uow.inTransaction(() -> store.find(username));
            }

            @Override
            public void insert(String username, byte[] secretHash, AccountId accountId, UserId userId) {
                uow.run(() -> store.insert(username, secretHash, accountId, userId));
            }

            @Override
            public boolean revoke(String username) {
                return uow.inTransaction(() -> store.revoke(username));
            }

            @Override
            public int revokeAll(AccountId accountId, UserId userId) {
                return uow.inTransaction(() -> store.revokeAll(accountId, userId));
            }
        };
        ApiKeyStore keysInTransaction = new ApiKeyStore() {
            @Override
            public java.util.Optional<ApiKey> insert(NewKey key) {
                return uow.inTransaction(() -> keys.insert(key));
            }

            @Override
            public java.util.List<ApiKey> list(long accountId) {
                return uow.inTransaction(() -> keys.list(accountId));
            }

            @Override
            public java.util.Optional<Owned> find(long accountId, io.mizani.domain.tenancy.ApiKeyId id) {
                return uow.inTransaction(() -> keys.find(accountId, id));
            }

            @Override
            public boolean recordUse(String keyId, int minutes) {
                return uow.inTransaction(() -> keys.recordUse(keyId, minutes));
            }
        };
        return new MerchantAuthenticator(transactional, clock, settings.credentialCacheTtl(),
                new KeyUseRecorder(keysInTransaction, System::nanoTime, LAST_USED_MINUTES));
    }

    /** {@code last_used_at} is written at most once per key and this many minutes (platform.md section 19). */
    static final int LAST_USED_MINUTES = 1;

    @Produces
    @Singleton
    ApiKeyService apiKeyService(ApiKeyStore keys, CredentialStore credentials, TeamStore teams,
                                MerchantAuthenticator authenticator, UnitOfWork uow) {
        return new ApiKeyService(keys, credentials, teams, authenticator, uow);
    }

    @Produces
    @Singleton
    TeamService teamService(TeamStore teams, UserStore users, InvitationStore invitations, InvitationMailer mailer,
                            ServiceWallet wallets, CredentialStore credentials, MerchantAuthenticator authenticator,
                            PhoneRegions phoneRegions, UnitOfWork uow, Clock clock, MizaniSettings settings) {
        return new TeamService(teams, users, invitations, mailer, wallets, credentials, authenticator, phoneRegions,
                uow, clock, settings.publicUrl() + "/api/v2/account_invites/accept");
    }

    @Produces
    @Singleton
    MerchantAdministration merchantAdministration(TeamStore teams, UserStore users, ServiceWallet wallets,
                                                  CredentialStore credentials, MerchantAuthenticator authenticator,
                                                  TeamService teamService, UnitOfWork uow) {
        return new MerchantAdministration(teams, users, wallets, credentials, authenticator, teamService, uow);
    }
}
