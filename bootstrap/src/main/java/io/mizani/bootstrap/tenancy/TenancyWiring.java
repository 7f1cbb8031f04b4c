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
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.MerchantAuthenticator;
import io.mizani.bootstrap.common.MizaniSettings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

@ApplicationScoped
public class TenancyWiring {

    @Produces
    @ApplicationScoped
    MerchantAuthenticator merchantAuthenticator(CredentialStore store, Clock clock, MizaniSettings settings,
                                                UnitOfWork uow) {
        CredentialStore transactional = new CredentialStore() {
            @Override
            public java.util.Optional<StoredCredential> find(String username) {
                return uow.inTransaction(() -> store.find(username));
            }

            @Override
            public void insert(String username, byte[] secretHash, long accountId, long userId) {
                uow.run(() -> store.insert(username, secretHash, accountId, userId));
            }

            @Override
            public boolean revoke(String username) {
                return uow.inTransaction(() -> store.revoke(username));
            }

            @Override
            public int revokeAll(long accountId, long userId) {
                return uow.inTransaction(() -> store.revokeAll(accountId, userId));
            }
        };
        return new MerchantAuthenticator(transactional, clock, settings.credentialCacheTtl());
    }

    @Produces
    @ApplicationScoped
    TeamService teamService(TeamStore teams, UserStore users, InvitationStore invitations, InvitationMailer mailer,
                            ServiceWallet wallets, CredentialStore credentials, MerchantAuthenticator authenticator,
                            PhoneRegions phoneRegions, UnitOfWork uow, Clock clock, MizaniSettings settings) {
        return new TeamService(teams, users, invitations, mailer, wallets, credentials, authenticator, phoneRegions,
                uow, clock, settings.publicUrl() + "/api/v2/account_invites/accept");
    }

    @Produces
    @ApplicationScoped
    MerchantAdministration merchantAdministration(TeamStore teams, UserStore users, ServiceWallet wallets,
                                                  CredentialStore credentials, MerchantAuthenticator authenticator,
                                                  TeamService teamService, UnitOfWork uow) {
        return new MerchantAdministration(teams, users, wallets, credentials, authenticator, teamService, uow);
    }
}
