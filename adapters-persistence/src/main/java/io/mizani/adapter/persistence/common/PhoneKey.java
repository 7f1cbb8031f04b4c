package io.mizani.adapter.persistence.common;

/** What a phone number is matched by through its keyed hash: its digits, whatever the formatting. */
public final class PhoneKey {

    private PhoneKey() {
    }

    /**
     * The digits of {@code text} without the {@code +}, spaces, dashes, dots and brackets a phone may be written
     * with; null when the text is not a whole phone number (6 to 15 digits).
     */
    public static String of(String text) {
        if (text == null) {
            return null;
        }
        String digits = text.strip().replaceAll("[\\s\\-.()]", "");
        if (digits.startsWith("+")) {
            digits = digits.substring(1);
        }
        return digits.matches("[0-9]{6,15}") ? digits : null;
    }
}
