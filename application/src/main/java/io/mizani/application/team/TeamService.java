package io.mizani.application.team;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.mizani.application.billing.ServiceWallet;
import io.mizani.application.common.PhoneRegions;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.tenancy.CredentialStore;
import io.mizani.application.tenancy.MerchantAuthenticator;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.InvitationStatus;
import io.mizani.domain.team.Role;
import io.mizani.domain.team.Team;
import io.mizani.domain.team.TeamCurrency;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.ApiSecret;
import io.mizani.domain.tenancy.UserId;

/**
 * Teams (accounts), their members, user profiles and invitations, as a merchant credential sees them: a Team is
 * visible when the credential's user holds a role on it; anything else answers 404.
 */
public final class TeamService implements CreateTeam, ViewTeam, UpdateTeam, DeleteTeam, ViewUserProfile,
        InviteMember, AcceptInvitation, RemoveMember {

    public static final Duration INVITATION_LIFETIME = Duration.ofDays(7);

    private final TeamStore teams;
    private final UserStore users;
    private final InvitationStore invitations;
    private final InvitationMailer mailer;
    private final ServiceWallet wallets;
    private final CredentialStore credentials;
    private final MerchantAuthenticator authenticator;
    private final PhoneRegions phoneRegions;
    private final UnitOfWork uow;
    private final Clock clock;
    private final String defaultInviteUrl;

    public TeamService(TeamStore teams, UserStore users, InvitationStore invitations, InvitationMailer mailer,
                       ServiceWallet wallets, CredentialStore credentials, MerchantAuthenticator authenticator,
                       PhoneRegions phoneRegions, UnitOfWork uow, Clock clock, String defaultInviteUrl) {
        this.teams = teams;
        this.users = users;
        this.invitations = invitations;
        this.mailer = mailer;
        this.wallets = wallets;
        this.credentials = credentials;
        this.authenticator = authenticator;
        this.phoneRegions = phoneRegions;
        this.uow = uow;
        this.clock = clock;
        this.defaultInviteUrl = defaultInviteUrl;
    }

    /** The currency of the country the Team's phone number belongs to. */
    public String currencyFor(String dialCode, String number) {
        return currencyFor(dialCode, number, "number");
    }

    /** As {@link #currencyFor(String, String)}, naming the number as {@code numberField} when its length is wrong. */
    public String currencyFor(String dialCode, String number, String numberField) {
        if (dialCode == null) {
            throw DomainError.invalidArgument("dial_code is required: the Team currency comes from the phone number's country");
        }
        phoneRegions.lengthProblem(dialCode, number).ifPresent(problem -> {
            throw DomainError.invalidArgument(numberField + " " + problem);
        });
        String region = phoneRegions.regionOf(dialCode, number).orElseThrow(() -> DomainError.invalidArgument(
                "dial_code and number do not identify a country"));
        return TeamCurrency.forRegion(region).orElseThrow(() -> DomainError.invalidArgument(
                "no currency is known for the phone number's country " + region));
    }

    @Override
    public Team create(MerchantContext ctx, TeamCommands.CreateTeam cmd) {
        String currency = currencyFor(cmd.contact().dialCode(), cmd.contact().number());
        return uow.inTransaction(() -> {
            if (cmd.organizationId() != ctx.organizationId()) {
                throw DomainError.notFound("organization " + cmd.organizationId() + " not found");
            }
            long creator = ctx.userId();
            if (cmd.userId() != null && cmd.userId() != ctx.userId()) {
                UserStore.User u = users.find(cmd.userId())
                        .filter(x -> x.organizationId() != null && x.organizationId() == ctx.organizationId())
                        .orElseThrow(() -> DomainError.notFound("user " + cmd.userId() + " not found"));
                creator = u.id();
            }
            String uuid = cmd.uuid();
            if (uuid != null && teams.uuidTaken(uuid)) {
                throw DomainError.invalidArgument("uuid " + uuid + " is already taken");
            }
            if (uuid == null) {
                uuid = java.util.UUID.randomUUID().toString();
            }
            long id = teams.createTeam(new TeamStore.NewTeam(
                    new Team.Identity(ctx.organizationId(), uuid, cmd.name(), cmd.description()),
                    cmd.contact(), currency, creator, ApiSecret.newWebhookSecret()));
            teams.grant(AccountId.of(id), UserId.of(creator), Role.OWNER);
            if (creator != ctx.userId()) {
                teams.grant(AccountId.of(id), UserId.of(ctx.userId()), Role.ADMIN);
            }
            wallets.open(id);
            return teams.team(id).orElseThrow();
        });
    }

    @Override
    public Team get(MerchantContext ctx, long accountId) {
        return uow.inTransaction(() -> visibleTeam(ctx, accountId));
    }

    @Override
    public Team update(MerchantContext ctx, TeamCommands.UpdateTeam cmd) {
        return uow.inTransaction(() -> {
            requireManager(ctx, cmd.accountId());
            teams.update(cmd.accountId(), new TeamStore.TeamChanges(cmd.description(), cmd.email(), cmd.logo(),
                    cmd.themeColor(), cmd.paymentNote(), cmd.notifyAmount()));
            return teams.team(cmd.accountId()).orElseThrow();
        });
    }

    @Override
    public Team delete(MerchantContext ctx, long accountId) {
        Team deleted = uow.inTransaction(() -> {
            requireManager(ctx, accountId);
            if (accountId == ctx.accountId()) {
                throw DomainError.invalidArgument("the Team your credentials belong to cannot be deleted");
            }
            return teams.markDeleted(accountId);
        });
        authenticator.invalidateAll();
        return deleted;
    }

    /** Loads a Team the caller holds a role on, else 404. */
    public Team visibleTeam(MerchantContext ctx, long accountId) {
        return teams.roleOf(AccountId.of(accountId), UserId.of(ctx.userId())).flatMap(r -> teams.team(accountId))
                .orElseThrow(() -> DomainError.notFound("account " + accountId + " not found"));
    }

    private Team requireManager(MerchantContext ctx, long accountId) {
        Team team = visibleTeam(ctx, accountId);
        Role role = teams.roleOf(AccountId.of(accountId), UserId.of(ctx.userId())).orElseThrow();
        if (!role.canManage()) {
            throw new DomainError(DomainError.Kind.FORBIDDEN, "forbidden",
                    "your role on this Team (" + role.label() + ") cannot manage it");
        }
        return team;
    }

    @Override
    public UserProfile profile(MerchantContext ctx, long userId) {
        return uow.inTransaction(() -> {
            UserStore.User user = users.find(userId)
                    .filter(u -> u.organizationId() != null && u.organizationId() == ctx.organizationId())
                    .orElseThrow(() -> DomainError.notFound("user " + userId + " not found"));
            Map<Team, Role> memberships = teams.teamsOf(userId);
            Map<String, String> roles = new LinkedHashMap<>();
            memberships.forEach((t, r) -> roles.put(String.valueOf(t.id()), r.label()));
            int tier = teams.organization(ctx.organizationId()).map(TeamStore.Organization::kycTier).orElse(0);
            boolean verified = memberships.keySet().stream().anyMatch(t -> t.kyc().verified());
            return new UserProfile(user, new ArrayList<>(memberships.keySet()), roles, user.login().status(),
                    user.login().pinSet(), verified, tier);
        });
    }

    /** Creates a pending invitation and e-mails its link. The token is shown only in the e-mail. */
    @Override
    public void invite(MerchantContext ctx, TeamCommands.Invite cmd) {
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(ApiSecret.randomBytes(32));
        Role role = cmd.roleId() == null ? Role.MEMBER : Role.byId(cmd.roleId())
                .orElseThrow(() -> DomainError.invalidArgument("role_id " + cmd.roleId() + " is not a known role"));
        String[] teamAndInviter = uow.inTransaction(() -> {
            if (cmd.organizationId() != ctx.organizationId()) {
                throw DomainError.notFound("organization " + cmd.organizationId() + " not found");
            }
            Team team = requireManager(ctx, cmd.accountId());
            for (Long other : cmd.assignedAccountIds()) {
                if (other == null) {
                    throw DomainError.invalidArgument("assigned_account_ids must not contain null");
                }
                requireManager(ctx, other);
            }
            invitations.create(new InvitationStore.NewInvitation(ApiSecret.hash(token),
                    new InvitationStore.Invitee(cmd.email(), cmd.phoneNumber()),
                    new InvitationStore.Grant(ctx.organizationId(), cmd.accountId(), role.id(),
                            cmd.assignedAccountIds()),
                    ctx.userId(), clock.instant().plus(INVITATION_LIFETIME)));
            String inviter = users.find(ctx.userId())
                    .map(u -> u.person().fullName())
                    .filter(s -> !s.isEmpty()).orElse("A colleague");
            return new String[] {team.name(), inviter};
        });
        String base = cmd.baseUrl() == null ? defaultInviteUrl : cmd.baseUrl();
        String link = base + (base.contains("?") ? "&" : "?") + "invite_token=" + token;
        mailer.send(cmd.email(), teamAndInviter[0], teamAndInviter[1], link);
    }

    /**
     * Accepts an invitation by its token: the invitee becomes a user of the organization (or the existing user with
     * that e-mail), gets the role on the invited Team and the assigned Teams, and receives an API credential for the
     * invited Team (shown once).
     */
    @Override
    public AcceptedInvitation accept(TeamCommands.AcceptInvitation cmd) {
        byte[] hash = ApiSecret.hash(cmd.token());
        String secret = ApiSecret.newSecret();
        String username = ApiSecret.newUsername();
        return uow.inTransaction(() -> {
            InvitationStore.Invitation inv = invitations.lockByTokenHash(hash)
                    .filter(i -> i.status() == InvitationStatus.PENDING && i.expiresAt().isAfter(clock.instant()))
                    .orElseThrow(() -> DomainError.notFound("invitation not found, expired or already accepted"));
            InvitationStore.Grant grant = inv.grant();
            InvitationStore.Invitee invitee = inv.invitee();
            teams.team(grant.accountId())
                    .orElseThrow(() -> DomainError.notFound("invitation not found, expired or already accepted"));
            users.lockEmail(grant.organizationId(), invitee.email());
            long userId = users.findByEmail(grant.organizationId(), invitee.email()).map(UserStore.User::id)
                    .orElseGet(() -> users.create(new UserStore.NewUser(grant.organizationId(),
                            new UserStore.Person(cmd.firstName(), cmd.lastName(), invitee.email(),
                                    cmd.phoneNumber() != null ? cmd.phoneNumber() : invitee.phoneNumber()),
                            username, false)));
            if (!invitations.markAccepted(inv.id(), UserId.of(userId), clock.instant())) {
                throw DomainError.notFound("invitation not found, expired or already accepted");
            }
            Role role = Role.byId(grant.roleId()).orElse(Role.MEMBER);
            List<Long> granted = new ArrayList<>();
            List<Long> all = new ArrayList<>();
            all.add(grant.accountId());
            all.addAll(grant.assignedAccountIds());
            for (Long accountId : all) {
                if (granted.contains(accountId) || teams.team(accountId).isEmpty()) {
                    continue;
                }
                if (teams.roleOf(AccountId.of(accountId), UserId.of(userId)).isEmpty()) {
                    teams.grant(AccountId.of(accountId), UserId.of(userId), role);
                }
                granted.add(accountId);
            }
            credentials.insert(username, ApiSecret.hash(secret), AccountId.of(grant.accountId()),
                    UserId.of(userId));
            return new AcceptedInvitation(users.find(userId).orElseThrow(), granted, username, secret);
        });
    }

    @Override
    public Optional<InvitationPreview> preview(String token) {
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        return uow.inTransaction(() -> invitations.findByTokenHash(ApiSecret.hash(token))
                .filter(i -> i.status() == InvitationStatus.PENDING && i.expiresAt().isAfter(clock.instant()))
                .flatMap(i -> teams.team(i.grant().accountId()).map(team -> new InvitationPreview(team.name(),
                        users.find(i.invitedBy()).map(u -> u.person().fullName().isBlank() ? u.person().email()
                                : u.person().fullName()).orElse(null),
                        Role.byId(i.grant().roleId()).orElse(Role.MEMBER).label(), i.expiresAt()))));
    }

    /** Removes a user from a Team and revokes that user's credentials on it. A Team keeps at least one owner. */
    @Override
    public void removeMember(MerchantContext ctx, AccountId account, UserId user) {
        long accountId = account.value();
        long userId = user.value();
        uow.run(() -> {
            requireManager(ctx, accountId);
            Role role = teams.roleOf(account, user)
                    .orElseThrow(() -> DomainError.notFound("user " + userId + " is not a member of account " + accountId));
            if (role == Role.OWNER && teams.countWithRole(accountId, Role.OWNER) <= 1) {
                throw DomainError.invalidArgument("a Team keeps at least one owner: make another member owner first");
            }
            if (userId == ctx.userId() && accountId == ctx.accountId()) {
                throw DomainError.invalidArgument("you cannot remove yourself from the Team your credentials belong to");
            }
            teams.removeMember(account, user);
            credentials.revokeAll(account, user);
        });
        authenticator.invalidateAll();
    }

    public Optional<Team> teamById(long id) {
        return uow.inTransaction(() -> teams.team(id));
    }
}
