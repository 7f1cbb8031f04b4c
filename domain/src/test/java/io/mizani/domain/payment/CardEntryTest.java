package io.mizani.domain.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.YearMonth;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The checkout's card form rules, against published test card numbers (Stripe's testing page) and the calendar. */
class CardEntryTest {

    static final YearMonth NOW = YearMonth.of(2026, 11);

    static List<String> problems(String number, String expiry, String code) {
        return new CardEntry(number, expiry, code).problems(NOW);
    }

    @Test
    void published_test_numbers_pass_the_luhn_check_and_one_digit_changed_does_not() {
        // Stripe's published test numbers: Visa, Mastercard, American Express (15 digits), Discover, Diners (14)
        for (String valid : List.of("4242424242424242", "4000000000000002", "5555555555554444", "378282246310005",
                "6011111111111117", "30569309025904")) {
            assertTrue(CardEntry.luhn(valid), valid);
            String last = valid.substring(valid.length() - 1);
            String changed = valid.substring(0, valid.length() - 1) + ((Integer.parseInt(last) + 1) % 10);
            assertFalse(CardEntry.luhn(changed), changed);
        }
        // two adjacent digits swapped (the error the check exists for): 4242... with its first two digits swapped
        assertFalse(CardEntry.luhn("2442424242424242"));
        assertTrue(CardEntry.luhn("000000000000"), "12 digits is the shortest card number");
        assertFalse(CardEntry.luhn("00000000000"), "11 digits is too short");
        assertTrue(CardEntry.luhn("0000000000000000000"), "19 digits is the longest");
        assertFalse(CardEntry.luhn("00000000000000000000"), "20 digits is too long");
        assertFalse(CardEntry.luhn("42424242424242a2"));
        assertFalse(CardEntry.luhn(""));
    }

    @Test
    void the_number_is_read_with_spaces_and_dashes_as_typed() {
        assertEquals("4242424242424242", CardEntry.numberOnly("4242 4242-4242 4242").digits());
        assertEquals(List.of(), CardEntry.numberOnly("4242 4242 4242 4242").problems(NOW));
        assertEquals(List.of(CardEntry.INVALID_NUMBER), CardEntry.numberOnly("4242 4242 4242 4243").problems(NOW));
        assertEquals(List.of(CardEntry.INVALID_NUMBER), CardEntry.numberOnly(null).problems(NOW));
        assertEquals("", CardEntry.numberOnly(null).digits());
    }

    @Test
    void an_expiry_is_a_month_not_before_this_one() {
        assertEquals(List.of(), problems("4242424242424242", "11/26", null), "good through its last day");
        assertEquals(List.of(), problems("4242424242424242", "12/34", null));
        assertEquals(List.of(), problems("4242424242424242", "1/27", null));
        assertEquals(List.of(), problems("4242424242424242", "03 / 2030", null));
        assertEquals(List.of(CardEntry.EXPIRED), problems("4242424242424242", "10/26", null));
        assertEquals(List.of(CardEntry.EXPIRED), problems("4242424242424242", "12/25", null));
        for (String bad : List.of("13/30", "00/30", "1230", "12/3", "12/345", "ab/cd", "12-30")) {
            assertEquals(List.of(CardEntry.INVALID_EXPIRY), problems("4242424242424242", bad, null), bad);
        }
        assertEquals(List.of(), problems("4242424242424242", "  ", null), "left empty: not judged");
        assertEquals(Optional.of(YearMonth.of(2034, 12)), new CardEntry("4242424242424242", "12/34", null).expiryMonth());
        assertEquals(Optional.of(YearMonth.of(2030, 3)), new CardEntry("4242424242424242", "03/2030", null).expiryMonth());
        assertEquals(Optional.empty(), CardEntry.numberOnly("4242424242424242").expiryMonth());
    }

    @Test
    void a_security_code_has_four_digits_on_american_express_and_three_on_any_other_card() {
        assertEquals(List.of(), problems("4242424242424242", null, "123"));
        assertEquals(List.of(), problems("4242424242424242", null, " 123 "));
        assertEquals(List.of(CardEntry.INVALID_CODE_3), problems("4242424242424242", null, "1234"));
        assertEquals(List.of(CardEntry.INVALID_CODE_3), problems("4242424242424242", null, "12"));
        assertEquals(List.of(CardEntry.INVALID_CODE_3), problems("4242424242424242", null, "12a"));
        assertEquals(List.of(), problems("378282246310005", null, "1234"));
        assertEquals(List.of(), problems("371449635398431", null, "1234"));
        assertEquals(List.of(CardEntry.INVALID_CODE_4), problems("378282246310005", null, "123"));
        assertEquals(List.of(CardEntry.INVALID_CODE_4), problems("341111111111111", null, "123"));
        assertEquals(List.of(), problems("4242424242424242", null, ""), "left empty: not judged");
    }

    @Test
    void every_problem_is_named_in_the_forms_order_and_the_number_never_printed() {
        assertEquals(List.of(CardEntry.INVALID_NUMBER, CardEntry.EXPIRED, CardEntry.INVALID_CODE_3),
                problems("4242424242424241", "01/20", "1"));
        assertFalse(new CardEntry("4242424242424242", "12/34", "123").toString().contains("4242"));
        assertFalse(new CardEntry("4242424242424242", "12/34", "123").toString().contains("123"));
    }
}
