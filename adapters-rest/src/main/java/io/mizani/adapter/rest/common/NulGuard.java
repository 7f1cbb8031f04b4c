package io.mizani.adapter.rest.common;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;

import io.mizani.domain.error.DomainError;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

/**
 * platform.md section 11: a U+0000 anywhere in a JSON body (any string value or key, at any depth, jsonb bodies
 * included) answers 400 naming where it is, before any resource sees the body; nothing is stored or stripped.
 * One interceptor for every resource: it reads the body once with a streaming parser, then hands the same bytes on.
 * A body that is not valid JSON is left to the JSON reader (which answers its own 400).
 */
@Provider
public class NulGuard implements ReaderInterceptor {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    @Inject
    CurrentVertxRequest current;

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException, WebApplicationException {
        MediaType type = context.getMediaType();
        if (type != null && !type.isCompatible(MediaType.APPLICATION_JSON_TYPE) && !type.getSubtype().endsWith("+json")) {
            return context.proceed();
        }
        byte[] body;
        try (InputStream in = context.getInputStream()) {
            body = in == null ? new byte[0] : in.readAllBytes();
        }
        String at = nulAt(body);
        if (at != null) {
            String path = current.getCurrent() == null ? null : current.getCurrent().request().path();
            String code = ErrorBodies.isVerificationSurface(path)
                    ? "invalid_request" : "invalid_argument";
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, code,
                    at + " must not contain the NUL character (U+0000)");
        }
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }

    /** Where the first NUL of a JSON document is ("user.first_name", "items[2]", "the body"), or null. */
    public static String nulAt(byte[] body) {
        if (!mayHoldNul(body)) {
            return null;
        }
        try (JsonParser p = JSON.createParser(body)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                if (t == JsonToken.FIELD_NAME && p.currentName().indexOf('\0') >= 0) {
                    String parent = path(p.getParsingContext().getParent());
                    return "a field name in " + (parent.isEmpty() ? "the body" : parent);
                }
                if (t == JsonToken.VALUE_STRING && p.getText().indexOf('\0') >= 0) {
                    String here = path(p.getParsingContext());
                    return here.isEmpty() ? "the body" : here;
                }
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /**
     * False when no JSON reading of {@code body} can yield a NUL, so the parse above is skipped. JSON writes a NUL
     * only as the six-character escape (a backslash, {@code u}, four zeros, which have no case); a raw 0 byte is
     * either invalid JSON or another encoding than UTF-8 (UTF-16 and UTF-32 have them beside every ASCII character).
     * A body holding either is parsed, and the parse decides (a backslash escaped before {@code u0000} is no NUL).
     * Measured: the parse was 4 % of the request threads' CPU in a payment's acceptance (docs/performance.md).
     */
    static boolean mayHoldNul(byte[] body) {
        for (int i = 0; i < body.length; i++) {
            byte b = body[i];
            if (b == 0) {
                return true;
            }
            if (b == '\\' && i + 5 < body.length && body[i + 1] == 'u' && body[i + 2] == '0' && body[i + 3] == '0'
                    && body[i + 4] == '0' && body[i + 5] == '0') {
                return true;
            }
        }
        return false;
    }

    private static String path(JsonStreamContext ctx) {
        StringBuilder sb = new StringBuilder();
        build(ctx, sb);
        return sb.toString();
    }

    private static void build(JsonStreamContext ctx, StringBuilder sb) {
        if (ctx == null || ctx.inRoot()) {
            return;
        }
        build(ctx.getParent(), sb);
        if (ctx.inObject() && ctx.getCurrentName() != null) {
            if (!sb.isEmpty()) {
                sb.append('.');
            }
            sb.append(EdgeGuard.printable(ctx.getCurrentName()));
        } else if (ctx.inArray()) {
            sb.append('[').append(Math.max(0, ctx.getCurrentIndex())).append(']');
        }
    }
}
