package io.mizani.domain.verification;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A check's validated, normalised input fields, in catalogue order. {@link #canonical()} is the text the cache
 * key is derived from: identical requests (after normalisation) give identical text.
 */
public record CheckInputs(String check, Map<String, String> values, String identifier) {

    public CheckInputs {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public String get(String field) {
        return values.get(field);
    }

    public String canonical() {
        return check + "|" + values.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("|"));
    }
}
