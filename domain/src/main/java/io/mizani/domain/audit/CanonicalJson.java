package io.mizani.domain.audit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The JSON Canonicalization Scheme (RFC 8785) over plain Java values: {@code Map<String, ?>} (members sorted by
 * their names' UTF-16 code units), {@code List}/{@code Collection}, {@code String}, {@code Boolean}, {@code Number}
 * (serialised as ECMAScript's {@code Number.prototype.toString} of the IEEE-754 double, RFC 8785 section 3.2.2.3)
 * and {@code null}. No whitespace; strings escaped with the shortest form (section 3.2.2.2).
 */
public final class CanonicalJson {

    private CanonicalJson() {
    }

    public static String of(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object v, StringBuilder out) {
        if (v == null) {
            out.append("null");
        } else if (v instanceof String s) {
            string(s, out);
        } else if (v instanceof Boolean b) {
            out.append(b ? "true" : "false");
        } else if (v instanceof Number n) {
            out.append(number(n));
        } else if (v instanceof Map<?, ?> m) {
            List<String> keys = new ArrayList<>();
            for (Object k : m.keySet()) {
                if (!(k instanceof String s)) {
                    throw new IllegalArgumentException("JSON member names are strings: " + k);
                }
                keys.add(s);
            }
            keys.sort(null); // String.compareTo compares UTF-16 code units, as RFC 8785 section 3.2.3 asks
            out.append('{');
            boolean first = true;
            for (String k : keys) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                string(k, out);
                out.append(':');
                write(m.get(k), out);
            }
            out.append('}');
        } else if (v instanceof Collection<?> c) {
            out.append('[');
            boolean first = true;
            for (Object e : c) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                write(e, out);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + v.getClass().getName());
        }
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** ECMAScript's Number.prototype.toString of the value as an IEEE-754 double (RFC 8785 section 3.2.2.3). */
    static String number(Number n) {
        double d = n instanceof BigDecimal b ? b.doubleValue()
                : n instanceof BigInteger i ? i.doubleValue() : n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new IllegalArgumentException("NaN and Infinity are not JSON numbers");
        }
        if (d == 0) {
            return "0"; // -0 too
        }
        // the fewest significant digits that read back as the same double, the closest to it among those (the
        // exact binary value rounded half-even): ECMAScript's digits (Double.toString keeps two for 4.9E-324)
        double abs = Math.abs(d);
        BigDecimal exact = new BigDecimal(abs);
        BigDecimal shortest = exact;
        for (int p = 1; p <= 17; p++) {
            BigDecimal r = exact.round(new java.math.MathContext(p, java.math.RoundingMode.HALF_EVEN));
            if (r.doubleValue() == abs) {
                shortest = r;
                break;
            }
        }
        shortest = shortest.stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        int k = digits.length();
        int e = k - shortest.scale(); // the value is 0.digits × 10^e, ECMAScript's n = e
        StringBuilder s = new StringBuilder(d < 0 ? "-" : "");
        if (k <= e && e <= 21) {
            s.append(digits).append("0".repeat(e - k));
        } else if (0 < e && e <= 21) {
            s.append(digits, 0, e).append('.').append(digits, e, k);
        } else if (-6 < e && e <= 0) {
            s.append("0.").append("0".repeat(-e)).append(digits);
        } else {
            int exp = e - 1;
            s.append(digits.charAt(0));
            if (k > 1) {
                s.append('.').append(digits, 1, k);
            }
            s.append('e').append(exp < 0 ? "-" : "+").append(Math.abs(exp));
        }
        return s.toString();
    }
}
