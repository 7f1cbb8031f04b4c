package io.mizani.adapter.rest.team;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.mizani.application.team.ViewUserProfile;
import io.mizani.application.team.UserStore;
import io.mizani.domain.team.Team;

/**
 * Wire shapes of Teams, users and profiles. Each is one flat object (the contract's shape), made only by its
 * {@code of} factory from the named parts of the domain value, never by position from other code.
 */
public final class TeamJson {

    private TeamJson() {
    }

    public record Account(long id, long organizationId, String uuid, String name, String description, String currency,
                          String dialCode, String number, String phoneNumber, String email, String status,
                          String accountType, int kycTier, boolean kycVerified, BigDecimal serviceWalletBalance,
                          String logo, String themeColor, String paymentNote, Long notifyAmount, Instant createdAt,
                          Instant updatedAt) {

        public static Account of(Team t) {
            return new AccountBuilder(t.id())
                    .identity(t.identity())
                    .contact(t.contact())
                    .settings(t.settings())
                    .branding(t.branding())
                    .kyc(t.kyc())
                    .serviceWalletBalance(t.serviceWalletBalance())
                    .lifecycle(t.lifecycle())
                    .build();
        }

        private Account(AccountBuilder b) {
            this(b.id, b.organizationId, b.uuid, b.name, b.description, b.currency, b.dialCode, b.number,
                    b.phoneNumber, b.email, b.status, b.accountType, b.kycTier, b.kycVerified, b.serviceWalletBalance,
                    b.logo, b.themeColor, b.paymentNote, b.notifyAmount, b.createdAt, b.updatedAt);
        }
    }

    /** Fills an {@link Account} by name, one part of the Team at a time. */
    private static final class AccountBuilder {
        private final long id;
        private long organizationId;
        private String uuid;
        private String name;
        private String description;
        private String currency;
        private String dialCode;
        private String number;
        private String phoneNumber;
        private String email;
        private String status;
        private String accountType;
        private int kycTier;
        private boolean kycVerified;
        private BigDecimal serviceWalletBalance;
        private String logo;
        private String themeColor;
        private String paymentNote;
        private Long notifyAmount;
        private Instant createdAt;
        private Instant updatedAt;

        AccountBuilder(long id) {
            this.id = id;
        }

        AccountBuilder identity(Team.Identity i) {
            this.organizationId = i.organizationId();
            this.uuid = i.uuid();
            this.name = i.name();
            this.description = i.description();
            return this;
        }

        AccountBuilder contact(Team.Contact c) {
            this.email = c.email();
            this.dialCode = c.dialCode();
            this.number = c.number();
            this.phoneNumber = c.phoneNumber();
            return this;
        }

        AccountBuilder settings(Team.Settings s) {
            this.currency = s.currency();
            this.accountType = s.accountType();
            this.notifyAmount = s.notifyAmount();
            return this;
        }

        AccountBuilder branding(Team.Branding b) {
            this.logo = b.logo();
            this.themeColor = b.themeColor();
            this.paymentNote = b.paymentNote();
            return this;
        }

        AccountBuilder kyc(Team.Kyc k) {
            this.kycTier = k.tier();
            this.kycVerified = k.verified();
            return this;
        }

        AccountBuilder serviceWalletBalance(BigDecimal balance) {
            this.serviceWalletBalance = balance;
            return this;
        }

        AccountBuilder lifecycle(Team.Lifecycle l) {
            this.status = l.status().wire();
            this.createdAt = l.createdAt();
            this.updatedAt = l.updatedAt();
            return this;
        }

        Account build() {
            return new Account(this);
        }
    }

    public record AccountEnvelope(Account account) {
        public static AccountEnvelope of(Team t) {
            return new AccountEnvelope(Account.of(t));
        }
    }

    public record User(long id, String phoneNumber, String firstName, String lastName, String username, String email,
                       @JsonProperty("is_admin") boolean isAdmin, String status) {

        public static User of(UserStore.User u) {
            return new User(u.id(), u.person(), u.login());
        }

        private User(long id, UserStore.Person person, UserStore.Login login) {
            this(id, person.phoneNumber(), person.firstName(), person.lastName(), login.username(), person.email(),
                    login.admin(), login.status().wire());
        }
    }

    public record ProfileAccount(long id, String name, String uuid, String status, String email, String currency,
                                 String phoneNumber, int kycTier, @JsonProperty("is_approved") boolean isApproved,
                                 long merchantId) {

        /** The Team as a user profile lists it; {@code merchant_id} is the Team's id, as the contract has it. */
        static ProfileAccount of(Team t) {
            return new ProfileAccount(t.id(), t.identity(), t.contact(), t.settings().currency(), t.kyc(),
                    t.lifecycle().status().wire());
        }

        private ProfileAccount(long id, Team.Identity identity, Team.Contact contact, String currency, Team.Kyc kyc,
                               String status) {
            this(id, identity.name(), identity.uuid(), status, contact.email(), currency, contact.phoneNumber(),
                    kyc.tier(), kyc.verified(), id);
        }
    }

    public record UserProfile(User user, List<ProfileAccount> accounts, Map<String, String> roles, String status,
                              @JsonProperty("is_pin_set") boolean isPinSet,
                              @JsonProperty("is_kyc_verified") boolean isKycVerified, int kycTier) {
        public static UserProfile of(ViewUserProfile.UserProfile p) {
            return new UserProfile(User.of(p.user()), p.accounts().stream().map(ProfileAccount::of).toList(),
                    p.roles(), p.status().wire(), p.pinSet(), p.kycVerified(), p.kycTier());
        }
    }

    public record UserProfileEnvelope(UserProfile userProfile) {
    }
}
