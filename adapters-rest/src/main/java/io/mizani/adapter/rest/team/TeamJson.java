package io.mizani.adapter.rest.team;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

import io.mizani.application.team.ViewUserProfile;
import io.mizani.application.team.UserStore;
import io.mizani.domain.team.Team;

/** Wire shapes of Teams, users and profiles. */
public final class TeamJson {

    private TeamJson() {
    }

    public record Account(long id, long organizationId, String uuid, String name, String description, String currency,
                          String dialCode, String number, String phoneNumber, String email, String status,
                          String accountType, int kycTier, boolean kycVerified, BigDecimal serviceWalletBalance,
                          String logo, String themeColor, String paymentNote, Long notifyAmount, Instant createdAt,
                          Instant updatedAt) {
        public static Account of(Team t) {
            return new Account(t.id(), t.organizationId(), t.uuid(), t.name(), t.description(), t.currency(),
                    t.dialCode(), t.number(), t.phoneNumber(), t.email(), t.status(), t.accountType(), t.kycTier(),
                    t.kycVerified(), t.serviceWalletBalance(), t.logo(), t.themeColor(), t.paymentNote(),
                    t.notifyAmount(), t.createdAt(), t.updatedAt());
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
            return new User(u.id(), u.phoneNumber(), u.firstName(), u.lastName(), u.username(), u.email(), u.admin(),
                    u.status());
        }
    }

    public record ProfileAccount(long id, String name, String uuid, String status, String email, String currency,
                                 String phoneNumber, int kycTier, @JsonProperty("is_approved") boolean isApproved,
                                 long merchantId) {
    }

    public record UserProfile(User user, List<ProfileAccount> accounts, Map<String, String> roles, String status,
                              @JsonProperty("is_pin_set") boolean isPinSet,
                              @JsonProperty("is_kyc_verified") boolean isKycVerified, int kycTier) {
        public static UserProfile of(ViewUserProfile.UserProfile p) {
            return new UserProfile(User.of(p.user()), p.accounts().stream()
                    .map(t -> new ProfileAccount(t.id(), t.name(), t.uuid(), t.status(), t.email(), t.currency(),
                            t.phoneNumber(), t.kycTier(), t.kycVerified(), t.id()))
                    .toList(), p.roles(), p.status(), p.pinSet(), p.kycVerified(), p.kycTier());
        }
    }

    public record UserProfileEnvelope(UserProfile userProfile) {
    }
}
