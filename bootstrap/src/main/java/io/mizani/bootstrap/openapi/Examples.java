package io.mizani.bootstrap.openapi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.media.Schema.SchemaType;

import io.mizani.domain.verification.CheckField;

/** Example values: for a verification check's field, and a whole body built from a schema's property examples. */
final class Examples {

    private static final String REF = "#/components/schemas/";

    private Examples() {
    }

    /** A value the check accepts for this field (the hint's "e.g." when it gives one). */
    static Object fieldValue(CheckField f) {
        if (f.hasOptions()) {
            return f.options().getFirst().value();
        }
        String hint = f.hint() == null ? "" : f.hint();
        int eg = hint.indexOf("e.g. ");
        String given = eg < 0 ? null : hint.substring(eg + 5).split("[ ,;)]")[0];
        return switch (f.format()) {
            case DIGITS -> "12345678901234567890".substring(0, Math.max(f.minDigits(), Math.min(11, f.maxDigits())));
            case DATE -> "1990-01-31";
            case PHONE_INTERNATIONAL -> "+254712345678";
            case PHONE_NG -> "+2348031234567";
            case NAME -> "Lovelace";
            case COUNTRY -> "KE";
            default -> given != null && !given.isBlank() ? given : "A1234567";
        };
    }

    /** A body matching the schema: property examples where given, else a value of the property's type and format. */
    static Object of(Schema s, Map<String, Schema> schemas) {
        return of(s, schemas, 0);
    }

    /** Sample values by property name, where the type alone would say "string". */
    private static final Map<String, Object> BY_NAME = Map.ofEntries(
            Map.entry("currency", "KES"), Map.entry("charge_currency", "KES"), Map.entry("country", "KE"),
            Map.entry("country_code", "KE"), Map.entry("dial_code", "+254"), Map.entry("email", "ada@example.com"),
            Map.entry("phone_number", "+254712345678"), Map.entry("phone", "+254712345678"),
            Map.entry("first_name", "Ada"), Map.entry("last_name", "Lovelace"), Map.entry("name", "Nairobi Traders"),
            Map.entry("status", "active"), Map.entry("verification_status", "verified"), Map.entry("check", "nin"),
            Map.entry("token", "vt_7d2f0b9e4c1a"), Map.entry("lookup_id", "lk_2b7e91c0"),
            Map.entry("merchant_reference", "order-1001"), Map.entry("reference", "ref_9f2c1a"),
            Map.entry("provider", "mpesa_ke"), Map.entry("transaction_channel", "momo"),
            Map.entry("request_type", "payment"), Map.entry("url", "https://merchant.example/webhooks/mizani"),
            Map.entry("webhook_secret", "whsec_MfKQ9r8GKYqrTwJSJGSo6A=="), Map.entry("type", "transaction.updated"));

    private static Object of(Schema s, Map<String, Schema> schemas, int depth) {
        if (s == null || depth > 12) {
            return null;
        }
        if (s.getRef() != null) {
            return of(schemas.get(s.getRef().substring(REF.length())), schemas, depth + 1);
        }
        if (s.getExample() != null) {
            return s.getExample();
        }
        for (List<Schema> alternatives : java.util.Arrays.asList(s.getOneOf(), s.getAnyOf(), s.getAllOf())) {
            if (alternatives != null) {
                for (Schema a : alternatives) {
                    if (a.getType() == null || !a.getType().equals(List.of(SchemaType.NULL))) {
                        return of(a, schemas, depth + 1);
                    }
                }
            }
        }
        if (s.getEnumeration() != null && !s.getEnumeration().isEmpty()) {
            return s.getEnumeration().getFirst();
        }
        List<SchemaType> types = s.getType() == null ? List.of() : s.getType();
        if (s.getProperties() != null && !s.getProperties().isEmpty()) {
            Map<String, Object> out = new LinkedHashMap<>();
            s.getProperties().forEach((name, p) -> {
                Object v = of(p, schemas, depth + 1);
                if ("string".equals(v) && BY_NAME.containsKey(name)) {
                    v = BY_NAME.get(name);
                } else if ("string".equals(v) && name.endsWith("_at")) {
                    v = "2026-11-23T07:00:00Z";
                }
                out.put(name, v);
            });
            return out;
        }
        if (types.contains(SchemaType.ARRAY)) {
            List<Object> out = new ArrayList<>();
            Object item = of(s.getItems(), schemas, depth + 1);
            if (item != null) {
                out.add(item);
            }
            return out;
        }
        if (types.contains(SchemaType.OBJECT)) {
            Map<String, Object> out = new LinkedHashMap<>();
            if (s.getAdditionalPropertiesSchema() != null) {
                out.put("key", of(s.getAdditionalPropertiesSchema(), schemas, depth + 1));
            }
            return out;
        }
        if (types.contains(SchemaType.BOOLEAN)) {
            return true;
        }
        if (types.contains(SchemaType.INTEGER)) {
            return 1;
        }
        if (types.contains(SchemaType.NUMBER)) {
            return 100.00;
        }
        if (types.contains(SchemaType.STRING)) {
            String format = s.getFormat() == null ? "" : s.getFormat();
            return switch (format) {
                case "date-time" -> "2026-11-23T07:00:00Z";
                case "date" -> "1990-01-31";
                case "uuid" -> "3f1c2a9e-6b7d-4e8f-9a0b-1c2d3e4f5a6b";
                default -> "string";
            };
        }
        return null;
    }
}
