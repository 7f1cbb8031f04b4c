package io.mizani.domain.payment;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a payer typed into the hosted checkout's card form, judged as a card form judges it before anything is sent
 * to an acquirer: the number passes the Luhn check (ISO/IEC 7812) and has 12 to 19 digits; the expiry, when given, is
 * a month {@code MM/YY} (or {@code MM/YYYY}) not before the current one (a card is good through the last day of its
 * month); the security code, when given, has 4 digits on an American Express card (34, 37) and 3 on any other.
 * Expiry and code may be left empty: platform.md section 12's checkout takes the card number alone.
 */
public record CardEntry(String number, String expiry, String securityCode) {

    public static final String INVALID_NUMBER = "The card number is not valid: check the digits.";
    public static final String INVALID_EXPIRY = "Enter the expiry date as MM/YY.";
    public static final String EXPIRED = "This card has expired: use another card.";
    public static final String INVALID_CODE_3 = "The security code is the 3 digits on the back of the card.";
    public static final String INVALID_CODE_4 = "The security code is the 4 digits on the front of the card.";

    private static final Pattern EXPIRY = Pattern.compile("(\\d{1,2})\\s*/\\s*(\\d{2}|\\d{4})");

    /** The card number alone (the form's other fields empty). */
    public static CardEntry numberOnly(String number) {
        return new CardEntry(number, null, null);
    }

    /** The number's digits, spaces and dashes dropped. */
    public String digits() {
        return number == null ? "" : number.replaceAll("[\\s-]", "");
    }

    /** What is wrong with the entry in the month {@code now}, in the form's order; empty when nothing is. */
    public List<String> problems(YearMonth now) {
        List<String> out = new ArrayList<>();
        String d = digits();
        if (!luhn(d)) {
            out.add(INVALID_NUMBER);
        }
        if (present(expiry)) {
            Optional<YearMonth> month = expiryMonth();
            if (month.isEmpty()) {
                out.add(INVALID_EXPIRY);
            } else if (month.get().isBefore(now)) {
                out.add(EXPIRED);
            }
        }
        if (present(securityCode)) {
            boolean amex = d.startsWith("34") || d.startsWith("37");
            if (!securityCode.strip().matches(amex ? "\\d{4}" : "\\d{3}")) {
                out.add(amex ? INVALID_CODE_4 : INVALID_CODE_3);
            }
        }
        return out;
    }

    /** The expiry as a month; empty when absent or not a month. */
    public Optional<YearMonth> expiryMonth() {
        if (!present(expiry)) {
            return Optional.empty();
        }
        Matcher m = EXPIRY.matcher(expiry.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        int month = Integer.parseInt(m.group(1));
        int year = Integer.parseInt(m.group(2));
        if (month < 1 || month > 12) {
            return Optional.empty();
        }
        return Optional.of(YearMonth.of(year < 100 ? 2000 + year : year, month));
    }

    /** The Luhn check over 12 to 19 digits. */
    static boolean luhn(String digits) {
        if (!digits.matches("\\d{12,19}")) {
            return false;
        }
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int n = digits.charAt(i) - '0';
            if (twice) {
                n *= 2;
                if (n > 9) {
                    n -= 9;
                }
            }
            sum += n;
            twice = !twice;
        }
        return sum % 10 == 0;
    }

    private static boolean present(String s) {
        return s != null && !s.isBlank();
    }

    @Override
    public String toString() {
        return "CardEntry[…]"; // never the number
    }
}
