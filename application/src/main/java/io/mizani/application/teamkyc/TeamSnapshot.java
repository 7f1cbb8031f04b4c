package io.mizani.application.teamkyc;

import io.mizani.domain.team.Team;
import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;
import java.util.Objects;

/**
 * The Team details Team KYC snapshots into account_information: the Team's id, organization and name
 * ({@link Team.Identity}), its e-mail and phone ({@link Team.Contact}), currency and status, and whether its e-mail is
 * verified (never yet: nothing verifies a Team's e-mail). Made from a Team by {@link #of}.
 */
public record TeamSnapshot(long accountId, Team.Identity identity, Team.Contact contact, String currency,
        String status, boolean emailVerified) {

    public TeamSnapshot {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(contact, "contact");
    }

    public static TeamSnapshot of(Team team) {
        return new TeamSnapshot(team.id(), team.identity(), team.contact(), team.settings().currency(),
                team.lifecycle().status().wire(), false);
    }

    /** account_information for {@code kyc} as it stands (kyc_status is the submission's status). */
    public AccountInformation accountInformation(AccountKyc kyc) {
        boolean phoneVerified = kyc.verificationInformation() != null
                && kyc.verificationInformation().phoneVerified();
        return AccountInformation.builder()
                .currency(currency)
                .organizationId(Long.toString(identity.organizationId()))
                .accountName(identity.name())
                .email(contact.email())
                .phoneNumber(contact.phoneNumber())
                .kycStatus(kyc.status().wire())
                .accountStatus(status)
                .phoneVerified(phoneVerified)
                .emailVerified(emailVerified)
                .build();
    }
}
