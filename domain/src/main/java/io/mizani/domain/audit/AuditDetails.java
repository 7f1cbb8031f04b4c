package io.mizani.domain.audit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Details of an audit event never carry a secret or an identifier that is sealed at rest: a member whose name says
 * password, secret, token, key or a number (phone, account, ID) is dropped, at any depth, before the event is
 * written. Values are kept as JSON scalars: numbers become their plain decimal text, so the canonical JSON of the
 * details is the same whether it is computed from the values or from the stored text. Objects and arrays nested
 * deeper than {@value #MAX_DEPTH} levels are replaced by {@value #TOO_DEEP}, so a hostile body recorded in details
 * can never make the stored event unreadable.
 */
public final class AuditDetails {

    private static final List<String> SECRET_WORDS = List.of("password", "secret", "token", "key", "number", "phone",
            "pin", "bvn", "nin", "authorization");

    /** How deep details may nest; deeper values are replaced by {@link #TOO_DEEP}. */
    public static final int MAX_DEPTH = 8;
    public static final String TOO_DEEP = "(nested too deeply, not kept)";

    private AuditDetails() {
    }

    public static boolean isSecretName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (String w : SECRET_WORDS) {
            if (n.contains(w)) {
                return true;
            }
        }
        return false;
    }

    public static Map<String, Object> withoutSecrets(Map<String, ?> details) {
        return withoutSecrets(details, 1);
    }

    private static Map<String, Object> withoutSecrets(Map<String, ?> details, int depth) {
        Map<String, Object> out = new LinkedHashMap<>();
        details.forEach((k, v) -> {
            if (k != null && !isSecretName(k)) {
                out.put(k, clean(v, depth + 1));
            }
        });
        return out;
    }

    private static Object clean(Object v, int depth) {
        if (v == null || v instanceof String || v instanceof Boolean) {
            return v;
        }
        if (v instanceof Number n) {
            return n instanceof java.math.BigDecimal b ? b.toPlainString() : n.toString();
        }
        if ((v instanceof Map<?, ?> || v instanceof Collection<?>) && depth > MAX_DEPTH) {
            return TOO_DEEP;
        }
        if (v instanceof Map<?, ?> m) {
            Map<String, Object> typed = new LinkedHashMap<>();
            m.forEach((k, x) -> typed.put(String.valueOf(k), x));
            return withoutSecrets(typed, depth);
        }
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>();
            c.forEach(x -> out.add(clean(x, depth + 1)));
            return out;
        }
        return v.toString();
    }
}
