package io.mizani.adapter.persistence.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * Identifiers inside a stored JSON object: each named top-level field's value (of any JSON type) is replaced by the
 * sealed text of its JSON ({@code "identification_number": 12345678} is stored as
 * {@code "identification_number": "pii:<key id>:..."}) and restored, type and all, on read. Other fields are left
 * as they are, so the jsonb stays queryable for everything but the identifiers.
 */
public final class SealedJsonFields {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SealedText sealed;

    public SealedJsonFields(SealedText sealed) {
        this.sealed = sealed;
    }

    /**
     * The stored form of {@code json}: every named field sealed under the current key (clear values sealed, values
     * under an older key sealed again, values already under the current key kept). Null stays null.
     */
    public String seal(String json, Set<String> fields) {
        if (json == null) {
            return null;
        }
        JsonNode root = parse(json);
        if (!(root instanceof ObjectNode node)) {
            return json;
        }
        for (String field : fields) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                continue;
            }
            if (value.isTextual() && SealedText.isSealed(value.asText())) {
                if (!sealed.needsSealing(value.asText())) {
                    continue;
                }
                value = parse(sealed.open(value.asText()));
            }
            node.put(field, sealed.seal(write(value)));
        }
        return write(node);
    }

    /** The clear form of a stored {@code json}: every sealed named field opened back to its JSON value. */
    public String open(String json, Set<String> fields) {
        if (json == null) {
            return null;
        }
        JsonNode root = parse(json);
        if (!(root instanceof ObjectNode node)) {
            return json;
        }
        for (String field : fields) {
            JsonNode value = node.get(field);
            if (value != null && value.isTextual() && SealedText.isSealed(value.asText())) {
                node.set(field, parse(sealed.open(value.asText())));
            }
        }
        return write(node);
    }

    /** Whether any named field is in the clear or sealed under an older key. */
    public boolean needsSealing(String json, Set<String> fields) {
        if (json == null) {
            return false;
        }
        JsonNode root = parse(json);
        if (!(root instanceof ObjectNode node)) {
            return false;
        }
        for (String field : fields) {
            JsonNode value = node.get(field);
            if (value != null && !value.isNull() && (!value.isTextual() || sealed.needsSealing(value.asText()))) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON is not readable", e);
        }
    }

    private static String write(JsonNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
