package io.mizani.domain.verification;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** ISO 3166-1 alpha-2 codes with English names, from the JDK's own table. */
public final class Countries {

    public static final List<FieldOption> OPTIONS = Arrays.stream(Locale.getISOCountries())
            .sorted()
            .map(code -> new FieldOption(code, Locale.of("", code).getDisplayCountry(Locale.ENGLISH)))
            .toList();

    private static final Set<String> CODES = OPTIONS.stream().map(FieldOption::value).collect(Collectors.toUnmodifiableSet());

    private Countries() {
    }

    public static boolean isIsoCode(String code) {
        return code != null && CODES.contains(code);
    }
}
