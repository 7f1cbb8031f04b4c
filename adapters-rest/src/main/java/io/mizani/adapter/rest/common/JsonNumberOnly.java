package io.mizani.adapter.rest.common;

import java.io.IOException;
import java.math.BigDecimal;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * A money amount the contract types as a JSON number: {@code 100} and {@code 100.5} are read exactly, a string
 * ({@code "100"}, {@code "1e2"}), a boolean, an array or an object is refused (Jackson would otherwise coerce a numeric
 * string). The refusal is rendered by {@link ErrorMappers} as 400 naming the field.
 */
public class JsonNumberOnly extends JsonDeserializer<BigDecimal> {

    /** Refusal of a non-number where the contract says number. */
    public static final class NumberExpected extends MismatchedInputException {
        NumberExpected(JsonParser p) {
            super(p, "a JSON number is expected", BigDecimal.class);
        }
    }

    @Override
    public BigDecimal deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
            return p.getDecimalValue();
        }
        if (t == JsonToken.VALUE_STRING) {
            throw new NumberExpected(p);
        }
        return (BigDecimal) ctxt.handleUnexpectedToken(BigDecimal.class, p);
    }
}
