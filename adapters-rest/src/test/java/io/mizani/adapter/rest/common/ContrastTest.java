package io.mizani.adapter.rest.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContrastTest {

    /** Ratios as WebAIM's contrast checker publishes them (rounded to two decimals there). */
    @Test
    void ratiosMatchThePublishedValues() {
        assertEquals(21.0, Contrast.ratio("#000000", "#ffffff"), 0.005);
        assertEquals(4.54, Contrast.ratio("#767676", "#ffffff"), 0.005);
        assertEquals(4.48, Contrast.ratio("#777777", "#FFF"), 0.005);
        assertEquals(8.59, Contrast.ratio("#0000ff", "#ffffff"), 0.005);
        assertEquals(1.0, Contrast.ratio("#abcdef", "#abcdef"), 0.0001);
    }

    @Test
    void aBrandColourThatReadsIsDrawnAsGiven() {
        Contrast.Palette purple = Contrast.palette("#6A1B9A");
        assertEquals("#6a1b9a", purple.brand());
        assertEquals(Contrast.WHITE, purple.onBrand());
        assertEquals("#6a1b9a", purple.ring());
        Contrast.Palette yellow = Contrast.palette("#ffd700");
        assertEquals("#ffd700", yellow.brand());
        assertEquals(Contrast.DARK_TEXT, yellow.onBrand());
        // a yellow ring is 1.4:1 on white: the ring is drawn in ink instead
        assertEquals(Contrast.INK, yellow.ring());
    }

    /** Nigeria's green: 4.12:1 with #111111 (the text drawn before), 4.58:1 with white: white it is. */
    @Test
    void theTextIsTheColourThatReadsBetterAsDrawn() {
        assertTrue(Contrast.ratio("#008751", Contrast.DARK_TEXT) < 4.5);
        Contrast.Palette green = Contrast.palette("#008751");
        assertEquals(new Contrast.Palette("#008751", Contrast.WHITE, "#008751"), green);
    }

    /** A grey where neither reaches 4.5:1 (4.29 with white, 4.40 with #111111) is darkened until white text does. */
    @Test
    void aBrandColourBetweenIsDarkenedUntilWhiteTextReadsOnIt() {
        assertTrue(Contrast.ratio("#7a7a7a", Contrast.WHITE) < 4.5);
        assertTrue(Contrast.ratio("#7a7a7a", Contrast.DARK_TEXT) < 4.5);
        Contrast.Palette grey = Contrast.palette("#7a7a7a");
        assertNotEquals("#7a7a7a", grey.brand());
        assertEquals(Contrast.WHITE, grey.onBrand());
        assertTrue(Contrast.ratio(grey.brand(), grey.onBrand()) >= 4.5, grey.toString());
        assertTrue(Contrast.ratio(grey.brand(), "#7a7a7a") < 1.2, "darkened no more than needed: " + grey);
    }

    @Test
    void everyGreyGetsAReadablePalette() {
        for (int v = 0; v <= 255; v += 5) {
            String grey = String.format("#%02x%02x%02x", v, v, v);
            Contrast.Palette p = Contrast.palette(grey);
            assertTrue(Contrast.ratio(p.brand(), p.onBrand()) >= 4.5, grey + " -> " + p);
            assertTrue(Contrast.ratio(p.ring(), Contrast.WHITE) >= 3.0, grey + " -> " + p);
        }
    }
}
