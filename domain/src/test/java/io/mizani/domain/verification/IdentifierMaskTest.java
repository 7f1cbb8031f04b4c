package io.mizani.domain.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class IdentifierMaskTest {

    @Test
    void keeps_leading_and_trailing_characters_and_bullets_the_middle() {
        assertEquals("12\u2022\u2022\u2022\u2022\u2022\u2022\u202201", IdentifierMask.mask("12345678901"));
        assertEquals("12\u2022\u2022\u2022\u202278", IdentifierMask.mask("12345678"));
        assertEquals("+25\u2022\u2022\u2022\u2022\u2022\u2022\u2022678", IdentifierMask.mask("+254712345678"));
        assertEquals("A\u2022\u2022Z", IdentifierMask.mask("ABCZ"));
        assertEquals("\u2022\u2022", IdentifierMask.mask("AB"));
    }
}
