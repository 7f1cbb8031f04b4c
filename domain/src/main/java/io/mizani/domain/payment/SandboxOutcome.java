package io.mizani.domain.payment;

/**
 * The sandbox rails' verdict, by the last two digits of payment_config.account_number (platform.md section 7):
 * {@code 00} declined, {@code 01} never answers (stays pending), anything else succeeds.
 */
public enum SandboxOutcome {
    DECLINED, NO_ANSWER, SUCCEEDS;

    public static SandboxOutcome forAccount(String accountNumber) {
        String digits = accountNumber == null ? "" : accountNumber.replaceAll("[^0-9]", "");
        if (digits.endsWith("00")) {
            return DECLINED;
        }
        if (digits.endsWith("01")) {
            return NO_ANSWER;
        }
        return SUCCEEDS;
    }
}
