package io.mizani.adapter.rest.common;

import io.mizani.domain.error.DomainError;

/** Guards every resource applies to what it is sent. */
public final class Requests {

    private Requests() {
    }

    /** A POST/PUT without a JSON body is a 400, not a null deep inside a use case. */
    public static <T> T body(T body) {
        if (body == null) {
            throw DomainError.invalidArgument("a JSON body is required");
        }
        return body;
    }

    /** Ids in paths are positive numbers; anything else names nothing: 404 "{what} {raw} not found". */
    public static long pathId(String raw, String what) {
        try {
            long v = Long.parseLong(raw);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // falls through to not found
        }
        throw DomainError.notFound(what + " " + raw + " not found");
    }
}
