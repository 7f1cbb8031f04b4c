package io.mizani.application.team;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Pattern;

import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.MerchantAuthenticator;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Role;
import io.mizani.domain.team.Team;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.ApiSecret;
import io.mizani.domain.tenancy.UserId;

/** The operator's use cases: onboarding merchants, their credentials, wallet credits and switches. */
public final class MerchantAdministration {

    private static final Pattern PROVIDER_CODE = Pattern.compile("^[a-z0-9_]{2,40}$");
    private static final Pattern REFERENCE = Pattern.compile("^[\\x21-\\x7E]{1,100}$");
    static final BigDecimal MAX_CREDIT = new BigDecimal("100000000");

    private final TeamStore teams;
    private final UserStore users;
    private final ServiceWallet wallets;
    private final CredentialStore credentials;
    private final MerchantAuthenticator authenticator;
    private final TeamService teamService;
    private final UnitOfWork uow;

    public MerchantAdministration(TeamStore teams, UserStore users, ServiceWallet wallets, CredentialStore credentials,
                                  MerchantAuthenticator authenticator, TeamService teamService, UnitOfWork uow) {
        this.teams = teams;
        this.users = users;
        this.wallets = wallets;
        this.credentials = credentials;
        this.authenticator = authenticator;
        this.teamService = teamService;
        this.uow = uow;
    }

    public record Onboarded(TeamStore.Organization organization, UserStore.User user, Team account, String username,
                            String password, String webhookSecret) {
    }

    /** Organization + user + Team + service wallet + credential + webhook secret, in one transaction. */
    public Onboarded onboard(TeamCommands.OnboardMerchant cmd) {
        return onboard(cmd, ApiSecret.newUsername(), ApiSecret.newSecret());
    }

    /** As {@link #onboard(TeamCommands.OnboardMerchant)} with a chosen credential (the sandbox demo merchant). */
    public Onboarded onboard(TeamCommands.OnboardMerchant cmd, String username, String password) {
        String currency = teamService.currencyFor(cmd.dialCode(), cmd.number(), "account.number");
        String webhookSecret = ApiSecret.newWebhookSecret();
        return uow.inTransaction(() -> {
            long orgId = teams.createOrganization(cmd.organizationName());
            long userId = users.create(new UserStore.NewUser(orgId,
                    new UserStore.Person(cmd.firstName(), cmd.lastName(), cmd.userEmail(), cmd.userPhone()), username,
                    false));
            long accountId = teams.createTeam(new TeamStore.NewTeam(
                    new Team.Identity(orgId, java.util.UUID.randomUUID().toString(), cmd.teamName(), null),
                    new Team.Contact(cmd.teamEmail(), cmd.dialCode(), cmd.number()),
                    currency, userId, webhookSecret));
            teams.grant(AccountId.of(accountId), UserId.of(userId), Role.OWNER);
            wallets.open(accountId);
            credentials.insert(username, ApiSecret.hash(password), AccountId.of(accountId), UserId.of(userId));
            return new Onboarded(teams.organization(orgId).orElseThrow(), users.find(userId).orElseThrow(),
                    teams.team(accountId).orElseThrow(), username, password, webhookSecret);
        });
    }

    public record Credential(String username, String password) {
    }

    /** An extra or rotated credential for the Team, bound to the Team's owner; earlier ones keep working. */
    public Credential issueCredential(long accountId) {
        String username = ApiSecret.newUsername();
        String password = ApiSecret.newSecret();
        uow.run(() -> {
            Team team = requireTeam(accountId);
            long owner = teams.ownerOf(team.id());
            credentials.insert(username, ApiSecret.hash(password), AccountId.of(team.id()), UserId.of(owner));
        });
        return new Credential(username, password);
    }

    /** A user added to a Team by the operator, their role there and a credential of theirs on it. */
    public record AddedUser(UserStore.User user, Role role, Credential credential) {
    }

    /**
     * Adds a user to the Team with a role (platform.md section 16) and issues a credential of that user on that Team
     * (password shown once). A user of the Team's organization with that e-mail already is reused: the role is set
     * and another credential issued.
     */
    public AddedUser addUser(long accountId, TeamCommands.AddTeamUser cmd) {
        String username = ApiSecret.newUsername();
        String password = ApiSecret.newSecret();
        return uow.inTransaction(() -> {
            Team team = requireTeam(accountId);
            long orgId = team.identity().organizationId();
            users.lockEmail(orgId, cmd.email());
            long userId = users.findByEmail(orgId, cmd.email()).map(UserStore.User::id)
                    .orElseGet(() -> users.create(new UserStore.NewUser(orgId,
                            new UserStore.Person(cmd.firstName(), cmd.lastName(), cmd.email(), null), username, false)));
            teams.grant(AccountId.of(team.id()), UserId.of(userId), cmd.parsedRole());
            credentials.insert(username, ApiSecret.hash(password), AccountId.of(team.id()), UserId.of(userId));
            return new AddedUser(users.find(userId).orElseThrow(), cmd.parsedRole(),
                    new Credential(username, password));
        });
    }

    public void revoke(String username) {
        boolean revoked = uow.inTransaction(() -> credentials.revoke(username));
        authenticator.invalidate(username);
        if (!revoked) {
            throw DomainError.notFound("credential " + username + " not found");
        }
    }

    public BigDecimal credit(long accountId, BigDecimal amount, String reference) {
        validateCredit(amount, reference);
        return uow.inTransaction(() -> {
            requireTeam(accountId);
            return wallets.credit(accountId, Money.of(amount, ServiceWallet.CURRENCY), reference).amount();
        });
    }

    /** The refusals of a service-wallet credit that need no database (also checked before an approval is asked). */
    public static void validateCredit(BigDecimal amount, String reference) {
        if (amount == null || amount.signum() <= 0) {
            throw DomainError.invalidArgument("amount must be a positive number");
        }
        Money.twoDecimals("amount", amount);
        if (amount.compareTo(MAX_CREDIT) > 0) {
            throw DomainError.invalidArgument("amount must be at most " + MAX_CREDIT.toPlainString());
        }
        if (reference == null || !REFERENCE.matcher(reference).matches()) {
            throw DomainError.invalidArgument("reference is required: 1 to 100 printable characters without spaces");
        }
    }

    public void setIdentityChecksAvailable(long accountId, boolean available) {
        uow.run(() -> {
            requireTeam(accountId);
            teams.setIdentityChecksAvailable(accountId, available);
        });
    }

    public List<String> setPaymentProviders(long accountId, List<String> providers) {
        if (providers == null) {
            throw DomainError.invalidArgument("providers is required");
        }
        List<String> codes = new ArrayList<>(new LinkedHashSet<>(providers));
        for (String code : codes) {
            if (code == null || !PROVIDER_CODE.matcher(code).matches()) {
                throw DomainError.invalidArgument("providers must be provider codes such as mpesa_ke");
            }
        }
        return uow.inTransaction(() -> {
            requireTeam(accountId);
            teams.replacePaymentProviders(accountId, codes);
            return teams.paymentProviders(accountId);
        });
    }

    /** The provider codes assigned to the Team (what discovery covers). */
    public List<String> paymentProviders(long accountId) {
        return uow.inTransaction(() -> {
            requireTeam(accountId);
            return teams.paymentProviders(accountId);
        });
    }

    /** 404 unless the Team exists (in the caller's transaction). */
    public void requireAccount(long accountId) {
        requireTeam(accountId);
    }

    private Team requireTeam(long accountId) {
        return teams.team(accountId).orElseThrow(() -> DomainError.notFound("account " + accountId + " not found"));
    }
}
