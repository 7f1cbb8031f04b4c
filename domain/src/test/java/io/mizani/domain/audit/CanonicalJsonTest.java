package io.mizani.domain.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** RFC 8785's own published examples (sections 3.2.2, 3.2.3 and Appendix B). */
class CanonicalJsonTest {

    @Test
    void the_rfc_example_of_section_3_2_2_canonicalises_to_its_published_output() {
        String input = """
                {
                  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
                  "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
                  "literals": [null, true, false]
                }""";
        assertEquals("{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
                + "\"string\":\"\u20ac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}", CanonicalJson.of(JsonText.parse(input)));
    }

    @Test
    void members_are_sorted_by_utf16_code_units_as_in_section_3_2_3() {
        String input = """
                {
                  "\\u20ac": "Euro Sign",
                  "\\r": "Carriage Return",
                  "\\ufb33": "Hebrew Letter Dalet With Dagesh",
                  "1": "One",
                  "\\ud83d\\ude00": "Emoji: Grinning Face",
                  "\\u0080": "Control",
                  "\\u00f6": "Latin Small Letter O With Diaeresis"
                }""";
        String out = CanonicalJson.of(JsonText.parse(input));
        List<String> order = List.of("Carriage Return", "One", "Control", "Latin Small", "Euro Sign", "Emoji",
                "Hebrew");
        int at = -1;
        for (String name : order) {
            int i = out.indexOf(name);
            assertTrue(i > at, name + " out of order in " + out);
            at = i;
        }
    }

    @Test
    void numbers_follow_the_ieee_754_examples_of_appendix_b() {
        Map<String, String> cases = Map.ofEntries(
                Map.entry("0000000000000000", "0"), Map.entry("8000000000000000", "0"),
                Map.entry("0000000000000001", "5e-324"), Map.entry("8000000000000001", "-5e-324"),
                Map.entry("7fefffffffffffff", "1.7976931348623157e+308"),
                Map.entry("ffefffffffffffff", "-1.7976931348623157e+308"),
                Map.entry("4340000000000000", "9007199254740992"), Map.entry("c340000000000000", "-9007199254740992"),
                Map.entry("4430000000000000", "295147905179352830000"),
                Map.entry("44b52d02c7e14af5", "9.999999999999997e+22"), Map.entry("44b52d02c7e14af6", "1e+23"),
                Map.entry("44b52d02c7e14af7", "1.0000000000000001e+23"),
                Map.entry("444b1ae4d6e2ef4e", "999999999999999700000"),
                Map.entry("444b1ae4d6e2ef4f", "999999999999999900000"), Map.entry("444b1ae4d6e2ef50", "1e+21"),
                Map.entry("3eb0c6f7a0b5ed8c", "9.999999999999997e-7"), Map.entry("3eb0c6f7a0b5ed8d", "0.000001"),
                Map.entry("41b3de4355555553", "333333333.3333332"), Map.entry("41b3de4355555554", "333333333.33333325"),
                Map.entry("41b3de4355555555", "333333333.3333333"), Map.entry("41b3de4355555556", "333333333.3333334"),
                Map.entry("41b3de4355555557", "333333333.33333343"),
                Map.entry("becbf647612f3696", "-0.0000033333333333333333"),
                Map.entry("43143ff3c1cb0959", "1424953923781206.2"));
        cases.forEach((bits, expected) -> assertEquals(expected,
                CanonicalJson.of(Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16))), bits));
    }

    @Test
    void nan_and_infinity_are_refused_and_duplicate_members_are_refused_when_reading() {
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.of(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> CanonicalJson.of(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> JsonText.parse("{\"a\":1,\"a\":2}"));
        assertFalse(CanonicalJson.of(Map.of("a", "x\u0001")).contains("\u0001"));
        assertEquals("{\"a\":\"x\\u0001\"}", CanonicalJson.of(Map.of("a", "x\u0001")));
    }
}
