package io.mizani.domain.tenancy;

import java.util.HexFormat;
import java.util.regex.Pattern;

/** An API key's public id, {@code key_} and 24 hex characters; it names the key in the API, never its secret. */
public record ApiKeyId(String value) {

    private static final Pattern SHAPE = Pattern.compile("key_[0-9a-f]{24}");

    public ApiKeyId {
        if (value == null || !SHAPE.matcher(value).matches()) {
            throw new IllegalArgumentException("not an API key id");
        }
    }

    public static ApiKeyId newId() {
        return new ApiKeyId("key_" + HexFormat.of().formatHex(ApiSecret.randomBytes(12)));
    }

    /** The id if the text has its shape; anything else names no key (the API answers 404). */
    public static java.util.Optional<ApiKeyId> parse(String text) {
        return text != null && SHAPE.matcher(text).matches() ? java.util.Optional.of(new ApiKeyId(text))
                : java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
