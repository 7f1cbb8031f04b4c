package io.mizani.domain.beneficiary;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * ISO 3166 country resolution: an alpha-2 code, an alpha-3 code or the English short name (as
 * {@link Locale#getDisplayCountry(Locale)} spells it, case-insensitive) resolves to the alpha-2 code.
 */
public final class Countries {

    private static final Map<String, String> BY_KEY = new HashMap<>();

    static {
        for (String code : Locale.getISOCountries()) {
            Locale locale = Locale.of("", code);
            BY_KEY.put(code, code);
            try {
                BY_KEY.put(locale.getISO3Country().toUpperCase(Locale.ROOT), code);
            } catch (RuntimeException ignored) {
                // a code without an alpha-3 form
            }
            BY_KEY.putIfAbsent(normalise(locale.getDisplayCountry(Locale.ENGLISH)), code);
        }
        // common English names that differ from the JDK's short names
        alias("Ivory Coast", "CI");
        alias("Cote d'Ivoire", "CI");
        alias("Democratic Republic of the Congo", "CD");
        alias("DR Congo", "CD");
        alias("DRC", "CD");
        alias("Republic of the Congo", "CG");
        alias("Tanzania, United Republic of", "TZ");
        alias("United States of America", "US");
        alias("USA", "US");
        alias("UK", "GB");
        alias("Great Britain", "GB");
        alias("Swaziland", "SZ");
        alias("Cape Verde", "CV");
        alias("The Gambia", "GM");
    }

    private Countries() {
    }

    private static void alias(String name, String code) {
        BY_KEY.putIfAbsent(normalise(name), code);
    }

    private static String normalise(String value) {
        return value.trim().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT)
                .replace('\u00D4', 'O').replace('\u00C9', 'E').replace('\u2019', '\'');
    }

    /** The alpha-2 code for a code or English country name; empty when it names no country. */
    public static Optional<String> resolve(String value) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return Optional.ofNullable(BY_KEY.get(normalise(value)));
    }
}
