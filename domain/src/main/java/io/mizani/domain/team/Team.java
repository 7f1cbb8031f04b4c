package io.mizani.domain.team;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/**
 * A Team (account): an isolated merchant account under an organization, with its own service wallet and KYC tier.
 * Held in named parts: who it is ({@link Identity}), how to reach it ({@link Contact}), how it is set up
 * ({@link Settings}), how its pages look ({@link Branding}), its KYC standing ({@link Kyc}), the service wallet's
 * balance and its {@link Lifecycle}.
 */
public record Team(
        long id,
        Identity identity,
        Contact contact,
        Settings settings,
        Branding branding,
        Kyc kyc,
        BigDecimal serviceWalletBalance,
        Lifecycle lifecycle) {

    /** The organization it belongs to, its public uuid (or slug), name and description. */
    public record Identity(long organizationId, String uuid, String name, String description) {
    }

    /** The Team's e-mail and phone number (dial code without {@code +}, national number). */
    public record Contact(String email, String dialCode, String number) {

        /** The phone number in E.164 form ({@code +} dial code and number), or the number alone without a dial code. */
        public String phoneNumber() {
            if (number == null) {
                return null;
            }
            return dialCode == null ? number : "+" + dialCode.replace("+", "") + number;
        }
    }

    /** The currency (from the phone number's country), the account type and the amount that triggers a notice. */
    public record Settings(String currency, String accountType, Long notifyAmount) {
    }

    /** What the Team's hosted pages show: its logo, theme colour and payment note. */
    public record Branding(String logo, String themeColor, String paymentNote) {
    }

    /** The KYC tier the Team holds and whether it is verified. */
    public record Kyc(int tier, boolean verified) {
    }

    /** The Team's status and when it was created and last changed. */
    public record Lifecycle(TeamStatus status, Instant createdAt, Instant updatedAt) {
    }

    public Team {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(contact, "contact");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(branding, "branding");
        Objects.requireNonNull(kyc, "kyc");
        Objects.requireNonNull(lifecycle, "lifecycle");
    }

    public String name() {
        return identity.name();
    }

    public String phoneNumber() {
        return contact.phoneNumber();
    }
}
