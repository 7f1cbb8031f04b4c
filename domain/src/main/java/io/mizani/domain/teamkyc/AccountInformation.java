package io.mizani.domain.teamkyc;

/**
 * account_information: a snapshot of the Team's account details, taken by the service (never from the request)
 * and refreshed on every write of the submission so kyc_status follows the record. Its components are the stored
 * field names (the jsonb column); code builds it by name through {@link #builder()}, never by position.
 */
public record AccountInformation(
        String currency,
        String organizationId,
        String accountName,
        String email,
        String phoneNumber,
        String kycStatus,
        String accountStatus,
        Boolean isPhoneVerified,
        Boolean isEmailVerified) {

    public static Builder builder() {
        return new Builder();
    }

    /** Fills an {@link AccountInformation} by name. */
    public static final class Builder {
        private String currency;
        private String organizationId;
        private String accountName;
        private String email;
        private String phoneNumber;
        private String kycStatus;
        private String accountStatus;
        private Boolean phoneVerified;
        private Boolean emailVerified;

        private Builder() {
        }

        public Builder currency(String value) {
            this.currency = value;
            return this;
        }

        public Builder organizationId(String value) {
            this.organizationId = value;
            return this;
        }

        public Builder accountName(String value) {
            this.accountName = value;
            return this;
        }

        public Builder email(String value) {
            this.email = value;
            return this;
        }

        public Builder phoneNumber(String value) {
            this.phoneNumber = value;
            return this;
        }

        public Builder kycStatus(String value) {
            this.kycStatus = value;
            return this;
        }

        public Builder accountStatus(String value) {
            this.accountStatus = value;
            return this;
        }

        public Builder phoneVerified(Boolean value) {
            this.phoneVerified = value;
            return this;
        }

        public Builder emailVerified(Boolean value) {
            this.emailVerified = value;
            return this;
        }

        public AccountInformation build() {
            return new AccountInformation(currency, organizationId, accountName, email, phoneNumber, kycStatus,
                    accountStatus, phoneVerified, emailVerified);
        }
    }
}
