package io.mizani.application.team;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Team;

/** Self-validating commands of the Team use cases. Field names in messages are the API's. */
public final class TeamCommands {

    static final int MAX_TEXT = 255;
    static final int MAX_LONG_TEXT = 2000;
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$");
    private static final Pattern DIAL_CODE = Pattern.compile("^\\+?[0-9]{1,4}$");
    private static final Pattern PHONE_DIGITS = Pattern.compile("^(?=.*[0-9])[0-9 ()-]{1,20}$");
    private static final Pattern UUID_SLUG = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9_-]{2,63}$");
    private static final Pattern COLOR = Pattern.compile("^#?[0-9A-Fa-f]{3,8}$");

    private TeamCommands() {
    }

    /**
     * A new Team: the organization, its name and description, how to reach it (e-mail and phone), the user who
     * creates it (null: the caller) and an optional uuid (slug).
     */
    public record CreateTeam(Long organizationId, String name, String description, Team.Contact contact, Long userId,
                             String uuid) {
        public CreateTeam {
            if (organizationId == null) {
                throw DomainError.invalidArgument("organization_id is required");
            }
            name = required("name", name, MAX_TEXT);
            description = optional("description", description, MAX_LONG_TEXT);
            Team.Contact given = contact == null ? new Team.Contact(null, null, null) : contact;
            String email = validEmail("email", given.email());
            String dialCode = validDialCode(given.dialCode());
            String number = validPhone("number", given.number());
            contact = new Team.Contact(email, dialCode, number);
            uuid = optional("uuid", uuid, 64);
            if (uuid != null && !UUID_SLUG.matcher(uuid).matches()) {
                throw DomainError.invalidArgument("uuid must be 3 to 64 letters, digits, '-' or '_'");
            }
        }
    }

    /**
     * The operator adds a user to a Team (platform.md section 16): who they are and their role, one of owner, admin,
     * member, viewer.
     */
    public record AddTeamUser(String firstName, String lastName, String email, String role) {
        public AddTeamUser {
            firstName = required("first_name", firstName, MAX_TEXT);
            lastName = required("last_name", lastName, MAX_TEXT);
            email = validEmail("email", email);
            if (email == null) {
                throw DomainError.invalidArgument("email is required");
            }
            if (role == null || role.isBlank()) {
                throw DomainError.invalidArgument("role is required: owner, admin, member or viewer");
            }
            role = role.trim().toLowerCase(java.util.Locale.ROOT);
            if (parsedRole(role).isEmpty()) {
                throw DomainError.invalidArgument("role must be one of owner, admin, member, viewer");
            }
        }

        public io.mizani.domain.team.Role parsedRole() {
            return parsedRole(role).orElseThrow();
        }

        private static java.util.Optional<io.mizani.domain.team.Role> parsedRole(String label) {
            return java.util.Arrays.stream(io.mizani.domain.team.Role.values())
                    .filter(r -> r.label().equals(label)).findFirst();
        }
    }

    public record UpdateTeam(Long accountId, String description, String email, String logo, String themeColor,
                             String paymentNote, Long notifyAmount) {
        public UpdateTeam {
            if (accountId == null) {
                throw DomainError.invalidArgument("account_id is required");
            }
            description = optional("description", description, MAX_LONG_TEXT);
            email = validEmail("email", email);
            logo = optional("logo", logo, MAX_LONG_TEXT);
            themeColor = optional("theme_color", themeColor, 16);
            if (themeColor != null && !COLOR.matcher(themeColor).matches()) {
                throw DomainError.invalidArgument("theme_color must be a hex colour such as #1a2b3c");
            }
            paymentNote = optional("payment_note", paymentNote, MAX_LONG_TEXT);
            if (notifyAmount != null && notifyAmount < 0) {
                throw DomainError.invalidArgument("notify_amount must not be negative");
            }
        }
    }

    public record Invite(Long organizationId, Long accountId, String email, String phoneNumber, Integer roleId,
                         List<Long> assignedAccountIds, String baseUrl) {
        public Invite {
            if (organizationId == null) {
                throw DomainError.invalidArgument("organization_id is required");
            }
            if (accountId == null) {
                throw DomainError.invalidArgument("account_id is required");
            }
            email = validEmail("email", email);
            if (email == null) {
                throw DomainError.invalidArgument("email is required");
            }
            phoneNumber = optional("phone_number", phoneNumber, 32);
            assignedAccountIds = assignedAccountIds == null ? List.of() : List.copyOf(assignedAccountIds);
            baseUrl = optional("base_url", baseUrl, MAX_LONG_TEXT);
            if (baseUrl != null && !(baseUrl.startsWith("https://") || baseUrl.startsWith("http://"))) {
                throw DomainError.invalidArgument("base_url must be an http(s) URL");
            }
        }
    }

    public record AcceptInvitation(String token, String firstName, String lastName, String phoneNumber) {
        public AcceptInvitation {
            token = required("token", token, 200);
            firstName = required("first_name", firstName, MAX_TEXT);
            lastName = required("last_name", lastName, MAX_TEXT);
            phoneNumber = optional("phone_number", phoneNumber, 32);
        }
    }

    public record OnboardMerchant(String organizationName, String firstName, String lastName, String userEmail,
                                  String userPhone, String teamName, String teamEmail, String dialCode,
                                  String number) {
        public OnboardMerchant {
            organizationName = required("organization_name", organizationName, MAX_TEXT);
            firstName = optional("user.first_name", firstName, MAX_TEXT);
            lastName = optional("user.last_name", lastName, MAX_TEXT);
            userEmail = validEmail("user.email", userEmail);
            userPhone = optional("user.phone_number", userPhone, 32);
            teamName = required("account.name", teamName, MAX_TEXT);
            teamEmail = validEmail("account.email", teamEmail);
            dialCode = validDialCode(dialCode);
            number = validPhone("account.number", number);
        }
    }

    static String required(String field, String value, int max) {
        String v = optional(field, value, max);
        if (v == null) {
            throw DomainError.invalidArgument(field + " is required");
        }
        return v;
    }

    static String optional(String field, String value, int max) {
        if (value == null) {
            return null;
        }
        String v = value.strip();
        if (v.isEmpty()) {
            return null;
        }
        if (v.length() > max) {
            throw DomainError.invalidArgument(field + " must be at most " + max + " characters");
        }
        return v;
    }

    static String validEmail(String field, String value) {
        String v = optional(field, value, MAX_TEXT);
        if (v != null && !EMAIL.matcher(v).matches()) {
            throw DomainError.invalidArgument(field + " must be a valid e-mail address");
        }
        return v == null ? null : v.toLowerCase(Locale.ROOT);
    }

    static String validDialCode(String value) {
        String v = optional("dial_code", value, 5);
        if (v != null && !DIAL_CODE.matcher(v).matches()) {
            throw DomainError.invalidArgument("dial_code must be an E.164 country calling code such as +254");
        }
        return v == null ? null : v.replace("+", "");
    }

    static String validPhone(String field, String value) {
        String v = optional(field, value, 20);
        if (v != null && !PHONE_DIGITS.matcher(v).matches()) {
            throw DomainError.invalidArgument(
                    field + " must be a phone number of digits (spaces, ( ) and - allowed), without the dial code");
        }
        return v == null ? null : v.replaceAll("[ ()-]", "");
    }
}
