package io.mizani.domain.payment;

/**
 * The sandbox rails' verdict, by the last two digits of payment_config.account_number (platform.md section 7):
 * {@code 00} declined, {@code 01} never answers (stays pending), anything else succeeds.
 */
public enum SandboxOutcome {
    DECLINED, NO_ANSWER, SUCCEEDS;

    public static SandboxOutcome forAccount(String accountNumber) {
        String digits = digits(accountNumber);
        if (digits.endsWith("00")) {
            return DECLINED;
        }
        if (digits.endsWith("01")) {
            return NO_ANSWER;
        }
        return SUCCEEDS;
    }

    /** The ASCII digits of {@code text} in order (a loop, not a regex: this runs for every sandbox payment). */
    private static String digits(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
