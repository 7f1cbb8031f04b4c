package io.mizani.adapter.rest.common;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Colour contrast as WCAG 2.x defines it (relative luminance, ratio {@code (L1 + 0.05) / (L2 + 0.05)}), for the
 * pages that draw a Team's brand colour: the colour actually drawn behind text reaches 4.5:1 with the text on it
 * (AA for normal text), and a focus ring reaches 3:1 with the white it is drawn on (AA for non-text, 1.4.11).
 */
public final class Contrast {

    /** The dark text drawn on a light brand colour (near-black, not pure black: its ratio is what is measured). */
    public static final String DARK_TEXT = "#111111";
    public static final String WHITE = "#ffffff";
    /** The page's own text colour, the focus ring where the brand colour is too light to see on white. */
    public static final String INK = "#1f2328";

    static final double TEXT = 4.5;
    static final double NON_TEXT = 3.0;
    private static final Pattern HEX = Pattern.compile("#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})");

    private Contrast() {
    }

    /** The colours a page draws for a brand colour: the button's background, its text, and the focus ring. */
    public record Palette(String brand, String onBrand, String ring) {
    }

    /**
     * The palette for {@code hex} ({@code #rgb} or {@code #rrggbb}): the brand colour as given when white or dark
     * text reaches 4.5:1 on it, else darkened (mixed with black, 5 % at a time) until white text does; the text colour
     * with the better ratio; the ring in the brand colour drawn when it reaches 3:1 on white, else {@link #INK}.
     */
    public static Palette palette(String hex) {
        String brand = normalise(hex);
        for (int step = 0; best(brand) < TEXT && step < 20; step++) {
            brand = darken(normalise(hex), 0.05 * (step + 1));
        }
        String on = ratio(brand, WHITE) >= ratio(brand, DARK_TEXT) ? WHITE : DARK_TEXT;
        String ring = ratio(brand, WHITE) >= NON_TEXT ? brand : INK;
        return new Palette(brand, on, ring);
    }

    /** The contrast ratio of two colours, 1 to 21. */
    public static double ratio(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    /** WCAG 2.x relative luminance of an sRGB colour. */
    static double luminance(String hex) {
        String h = normalise(hex).substring(1);
        double[] weights = {0.2126, 0.7152, 0.0722};
        double l = 0;
        for (int i = 0; i < 3; i++) {
            double c = Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16) / 255.0;
            c = c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
            l += weights[i] * c;
        }
        return l;
    }

    public static boolean isColour(String s) {
        return s != null && HEX.matcher(s.trim()).matches();
    }

    private static double best(String brand) {
        return Math.max(ratio(brand, WHITE), ratio(brand, DARK_TEXT));
    }

    private static String darken(String hex, double amount) {
        StringBuilder out = new StringBuilder("#");
        for (int i = 0; i < 3; i++) {
            int c = Integer.parseInt(hex.substring(1 + 2 * i, 3 + 2 * i), 16);
            out.append(String.format(Locale.ROOT, "%02x", (int) Math.round(c * Math.max(0, 1 - amount))));
        }
        return out.toString();
    }

    private static String normalise(String hex) {
        String h = hex.trim().toLowerCase(Locale.ROOT);
        if (!HEX.matcher(h).matches()) {
            throw new IllegalArgumentException("not a #rgb or #rrggbb colour");
        }
        if (h.length() == 4) {
            h = "#" + h.charAt(1) + h.charAt(1) + h.charAt(2) + h.charAt(2) + h.charAt(3) + h.charAt(3);
        }
        return h;
    }
}
