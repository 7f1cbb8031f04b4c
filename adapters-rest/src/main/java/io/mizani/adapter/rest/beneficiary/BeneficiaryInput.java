package io.mizani.adapter.rest.beneficiary;

import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.error.DomainError;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a create/update body. Known input fields are taken (numbers as their text; null clears); the output names
 * {@code phone_number} and {@code national_id} are accepted as aliases of {@code phone} and {@code id_number} (a GET
 * body sent back on PUT), the input name winning when both are sent. Read-only and unknown fields are ignored.
 */
final class BeneficiaryInput {

    record Parsed(Map<Field, String> fields, Boolean active) {
    }

    private static final Map<String, Field> ALIASES = Map.of("phone_number", Field.PHONE, "national_id", Field.ID_NUMBER);

    private BeneficiaryInput() {
    }

    static Parsed parse(JsonNode body) {
        if (body == null || body.isNull() || body.isMissingNode()) {
            throw DomainError.invalidArgument("request body must be a JSON object");
        }
        if (!body.isObject()) {
            throw DomainError.invalidArgument("request body must be a JSON object");
        }
        Map<Field, String> fields = new EnumMap<>(Field.class);
        List<String> invalid = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (var it = body.fields(); it.hasNext(); ) {
            var entry = it.next();
            String name = entry.getKey();
            var field = Field.fromWire(name).orElse(null);
            boolean alias = false;
            if (field == null) {
                field = ALIASES.get(name);
                alias = true;
            }
            if (field == null) {
                continue;
            }
            if (alias && body.has(field.wire())) {
                continue;
            }
            JsonNode value = entry.getValue();
            if (value.isNull()) {
                fields.put(field, null);
            } else if (value.isTextual()) {
                fields.put(field, value.textValue());
            } else if (value.isIntegralNumber()) {
                fields.put(field, value.bigIntegerValue().toString());
            } else if (value.isNumber() && Double.isFinite(value.doubleValue())) {
                fields.put(field, value.decimalValue().toPlainString());
            } else {
                invalid.add(name);
                problems.add(name + " must be a string");
            }
        }
        Boolean active = null;
        JsonNode isActive = body.get("is_active");
        if (isActive != null && !isActive.isNull()) {
            if (isActive.isBoolean()) {
                active = isActive.booleanValue();
            } else if (isActive.isTextual() && ("true".equalsIgnoreCase(isActive.textValue())
                    || "false".equalsIgnoreCase(isActive.textValue()))) {
                active = Boolean.parseBoolean(isActive.textValue().toLowerCase());
            } else {
                invalid.add("is_active");
                problems.add("is_active must be a boolean");
            }
        }
        if (!invalid.isEmpty()) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                    String.join("; ", problems),
                    DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.copyOf(invalid)));
        }
        return new Parsed(fields, active);
    }
}
