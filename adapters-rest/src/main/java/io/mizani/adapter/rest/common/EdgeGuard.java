package io.mizani.adapter.rest.common;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.MDC;

import io.mizani.domain.error.DomainError;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.handler.BodyHandler;
import io.vertx.ext.web.impl.RoutingContextInternal;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * The first handler every HTTP request meets (before Quarkus's own body-size check), for every path and resource:
 * <ul>
 *   <li>{@code X-Request-Id}: the caller's when it matches {@code [A-Za-z0-9._-]{1,64}}, else a new one; on every
 *       response and in the logging MDC ({@code request_id}).</li>
 *   <li>414 {@code uri_too_long}, 431 {@code headers_too_large}, 413 {@code payload_too_large} in the surface's
 *       error shape (the HTTP codec's own limits are set higher, so these limits are judged here).</li>
 *   <li>Every HTTP/1.x request body (with a Content-Length or chunked) is read here, on the event loop, within the
 *       size limit, so no worker thread ever waits for a client's bytes (slow-body clients cost a connection, not a
 *       thread); one address may be sending at most {@code mizani.edge.max-body-reads-per-address} bodies at once,
 *       past that 429 {@code rate_limited} and the connection closed.</li>
 *   <li>A request's headers must be complete within {@code mizani.edge.header-read-timeout} of its first byte, or
 *       the connection is closed (slow-header clients, {@link HeaderDeadline}).</li>
 *   <li>A request body must arrive completely within {@code mizani.edge.request-read-timeout} of its headers, or the
 *       connection is closed (slow-body clients).</li>
 *   <li>An address blocked by {@link AuthFailureThrottle} gets 429 on {@code /api} and on the console
 *       ({@code /console}, a small HTML page); every 401 (API or console) answered to a request
 *       that carried credentials counts as a failure of its address.</li>
 *   <li>A NUL (U+0000) in Basic credentials answers 401; in a path segment or query parameter 400
 *       ({@code invalid_request} on {@code /api/v1/kyc}, {@code invalid_argument} elsewhere). JSON bodies are
 *       checked by {@link NulGuard}.</li>
 * </ul>
 */
@Singleton
public class EdgeGuard {

    public static final String REQUEST_ID = "X-Request-Id";
    public static final String MDC_KEY = "request_id";
    private static final Pattern CALLER_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final String NUL_ENCODED = "%00";
    private static final String BODY_READ = "mizani.body-read";
    private static final String BODY_READ_DONE = "mizani.body-read-done";
    /** How long a refused request's remaining bytes are read and dropped before its connection is closed. */
    private static final long LINGER_MILLIS = 2_000;

    @ConfigProperty(name = "quarkus.http.limits.max-body-size", defaultValue = "10240K")
    MemorySize maxBodySize;

    @Inject
    EdgeSettings settings;

    @Inject
    Drain drain;

    private int maxUriLength;
    private int maxHeaderBytes;
    private Duration requestReadTimeout;
    private long headerReadMillis;
    private volatile AuthFailureThrottle throttle;
    private BodyHandler bodies;
    private int maxBodyReadsPerAddress;
    /** Request bodies being read, per client address (entries removed when they reach zero). */
    private final ConcurrentHashMap<String, AtomicInteger> bodyReads = new ConcurrentHashMap<>();

    /**
     * The failed-authentication throttle this edge consults, for the scheduler that shares its counts through
     * PostgreSQL ({@link AuthFailureThrottle#sync}); null until the router is set up.
     */
    public AuthFailureThrottle authFailures() {
        return throttle;
    }

    void register(@Observes Router router) {
        maxUriLength = settings.maxUriLength();
        maxHeaderBytes = settings.maxHeaderBytes();
        requestReadTimeout = settings.requestReadTimeout();
        headerReadMillis = settings.headerReadTimeout().toMillis();
        throttle = new AuthFailureThrottle(settings.authFailureLimit(), settings.authFailureWindow(),
                settings.authBlock(), System::nanoTime);
        maxBodyReadsPerAddress = settings.maxBodyReadsPerAddress();
        // Every HTTP/1.x request body is read here, on the event loop, within the size limit and the read deadline,
        // and handed to the REST layer (which uses a body a route handler already read). Left to the REST layer, the
        // body of a blocking resource method is read by its worker thread, which then waits for every byte: about
        // 200 clients trickling bodies they declared with a Content-Length held every worker and froze the replica,
        // readiness included. Past the size limit the read fails with 413, answered by the failure handler below in
        // the surface's shape (Quarkus's own reader would answer a bare 413).
        // HTTP/2 (h2c) streams are left to the REST layer: RESTEasy Reactive pauses the request when it starts,
        // which Vert.x refuses on an HTTP/2 stream already read to its end (500).
        bodies = BodyHandler.create(false).setBodyLimit(maxBodySize.asLongValue());
        router.route().order(-3).handler(this::handle);
        router.route().order(-3).handler(EdgeGuard::emptyBody);
        router.route().order(-3).failureHandler(this::failed);
    }

    /**
     * A body read above that turned out empty: Vert.x's body handler leaves no buffer at all, and the REST layer
     * would then wait for a body from a request already read to its end (until the read timeout). An empty buffer
     * makes it see the empty body at once.
     */
    private static void emptyBody(RoutingContext rc) {
        Runnable done = rc.get(BODY_READ_DONE);
        if (done != null) {
            done.run();
        }
        if (rc.get(BODY_READ) != null && rc.body().buffer() == null) {
            ((RoutingContextInternal) rc).setBody(Buffer.buffer());
        }
        rc.next();
    }

    private void failed(RoutingContext rc) {
        if (rc.statusCode() == 413 && !rc.response().ended() && !rc.response().headWritten()) {
            rc.response().putHeader("Connection", "close");
            end(rc, 413, "payload_too_large", "the request body is larger than " + maxBodySize.asLongValue()
                    + " bytes", null);
            return;
        }
        rc.next();
    }

    /** A body sent in chunks (no Content-Length): its size is only known once read. */
    private static boolean chunked(HttpServerRequest req) {
        String te = req.getHeader("Transfer-Encoding");
        return req.getHeader("Content-Length") == null && te != null && te.toLowerCase(java.util.Locale.ROOT)
                .contains("chunked");
    }

    private void handle(RoutingContext rc) {
        HttpServerRequest req = rc.request();
        HttpServerResponse res = rc.response();
        String id = req.getHeader(REQUEST_ID);
        if (id == null || !CALLER_ID.matcher(id).matches()) {
            id = UUID.randomUUID().toString();
        }
        res.putHeader(REQUEST_ID, id);
        MDC.put(MDC_KEY, id);
        if (drain.refusing()) {
            // shutting down, past the delay: nothing new is accepted (Drain)
            res.putHeader("Connection", "close").putHeader("Retry-After", "1");
            end(rc, 503, "unavailable", "the service is restarting: retry in 1 s", null);
            return;
        }
        drain.entered();
        drain.listeningOn(req.connection());
        boolean[] counted = {true};
        rc.addEndHandler(v -> {
            if (counted[0]) {
                counted[0] = false;
                drain.left();
            }
        });
        if (drain.stopping()) {
            res.putHeader("Connection", "close"); // reconnect through the balancer, to a replica that stays
        }
        if (headerReadMillis > 0) {
            // the header phase of the next request on this connection gets its deadline (HeaderDeadline)
            HttpConnection connection = req.connection();
            HeaderDeadline.install(connection, headerReadMillis);
            HeaderDeadline.headersArrived(connection, req.version());
        }

        String path = req.path() == null ? "" : req.path();
        if (req.uri().length() > maxUriLength) {
            // refused before the request was read: the connection is closed after the answer (as for 413), so a
            // client never reuses a connection whose request the server did not finish reading
            res.putHeader("Connection", "close");
            end(rc, 414, "uri_too_long", "the request URI is longer than " + maxUriLength + " characters", null);
            return;
        }
        if (headerBytes(req.headers()) > maxHeaderBytes) {
            res.putHeader("Connection", "close");
            end(rc, 431, "headers_too_large", "the request headers are larger than " + maxHeaderBytes + " bytes", null);
            return;
        }
        String length = req.getHeader("Content-Length");
        if (length != null && tooLong(length)) {
            res.putHeader("Connection", "close");
            end(rc, 413, "payload_too_large", "the request body is larger than " + maxBodySize.asLongValue() + " bytes",
                    null);
            return;
        }
        if (!req.isEnded() && !requestReadTimeout.isZero()) {
            long timer = rc.vertx().setTimer(requestReadTimeout.toMillis(), t -> {
                if (!req.isEnded() && !res.ended()) {
                    req.connection().close();
                }
            });
            rc.addEndHandler(v -> rc.vertx().cancelTimer(timer));
        }

        String address = req.remoteAddress() == null ? null : req.remoteAddress().host();
        boolean api = path.startsWith("/api/");
        if (api || isConsole(path)) {
            long wait = throttle.blockedForSeconds(address);
            if (wait > 0) {
                res.putHeader("Retry-After", Long.toString(wait));
                if (api) {
                    end(rc, 429, "rate_limited",
                            "too many failed authentications from this address: try again in " + wait + " s", null);
                } else {
                    consoleThrottled(rc, wait);
                }
                return;
            }
        }
        String authorization = req.getHeader("Authorization");
        if (authorization != null) {
            rc.addHeadersEndHandler(v -> {
                if (res.getStatusCode() == 401) {
                    throttle.failure(address);
                }
            });
            if (basicHasNul(authorization)) {
                res.putHeader("WWW-Authenticate", ErrorBodies.CHALLENGE);
                end(rc, 401, "unauthenticated",
                        "missing or invalid API credentials: use HTTP Basic with your API username and password", null);
                return;
            }
        }
        boolean credentialsFirst = api && authorization == null
                && !RequireCredentialsFilter.PUBLIC_PATHS.contains(path);
        if (!credentialsFirst) {
            String nulAt = nulInPathOrQuery(path, req.query());
            if (nulAt != null) {
                String code = ErrorBodies.isVerificationSurface(path) ? "invalid_request" : "invalid_argument";
                end(rc, 400, code, nulAt + " must not contain the NUL character (U+0000)", null);
                return;
            }
        }
        if (!req.isEnded() && req.version() != io.vertx.core.http.HttpVersion.HTTP_2 && hasBody(req)) {
            // read here, on the event loop, within the limit: next() once the body is read, fail(413) past it
            if (!startBodyRead(address)) {
                res.putHeader("Connection", "close").putHeader("Retry-After", "1");
                end(rc, 429, "rate_limited", "too many request bodies are being sent from this address at once: "
                        + "try again in 1 s", null);
                return;
            }
            rc.put(BODY_READ, Boolean.TRUE);
            boolean[] done = {false};
            Runnable finished = () -> {
                if (!done[0]) {
                    done[0] = true;
                    endBodyRead(address);
                }
            };
            // the read is over when the body is complete (emptyBody, next) or the exchange ends without it
            rc.put(BODY_READ_DONE, finished);
            rc.addEndHandler(v -> finished.run());
            bodies.handle(rc);
            return;
        }
        rc.next();
    }

    /** The operator console's pages and forms ({@code /console} and below). */
    static boolean isConsole(String path) {
        return path.equals("/console") || path.startsWith("/console/");
    }

    /**
     * A throttled address on the console: a small page (the console is read in a browser), the same 429 and
     * {@code Retry-After} as on the API. A request still sending its body is answered and its connection closed once the body is read (a lingering close).
     */
    private void consoleThrottled(RoutingContext rc, long wait) {
        HttpServerResponse res = rc.response().setStatusCode(429)
                .putHeader("Content-Type", "text/html; charset=utf-8").putHeader("Cache-Control", "no-store");
        String page = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Too many attempts</title>"
                + "</head><body><h1>Too many failed sign-ins</h1><p id=\"throttled\">Too many failed authentications from "
                + "this address: try again in " + wait + " s.</p></body></html>";
        if (rc.request().isEnded()) {
            res.end(page);
        } else {
            res.putHeader("Connection", "close");
            lingeringClose(rc, page);
        }
    }

    /** A request that declares a body (a Content-Length above zero, or chunked). */
    private static boolean hasBody(HttpServerRequest req) {
        if (chunked(req)) {
            return true;
        }
        String length = req.getHeader("Content-Length");
        if (length == null) {
            return false;
        }
        try {
            return Long.parseLong(length.trim()) > 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Counts one more body being read from {@code address}; false when the address is at its limit. */
    private boolean startBodyRead(String address) {
        if (maxBodyReadsPerAddress <= 0 || address == null) {
            return true;
        }
        AtomicInteger n = bodyReads.computeIfAbsent(address, a -> new AtomicInteger());
        if (n.incrementAndGet() > maxBodyReadsPerAddress) {
            endBodyRead(address);
            return false;
        }
        return true;
    }

    private void endBodyRead(String address) {
        if (maxBodyReadsPerAddress <= 0 || address == null) {
            return;
        }
        bodyReads.computeIfPresent(address, (a, n) -> n.decrementAndGet() <= 0 ? null : n);
    }

    /** Bodies being read from {@code address} now (for tests and diagnostics). */
    int bodyReadsFrom(String address) {
        AtomicInteger n = bodyReads.get(address);
        return n == null ? 0 : n.get();
    }

    /** The request id of the request being served (for mappers and filters that only see the Vert.x request). */
    public static String requestId(HttpServerRequest request) {
        return request.response().headers().get(REQUEST_ID);
    }

    private boolean tooLong(String contentLength) {
        try {
            return Long.parseLong(contentLength.trim()) > maxBodySize.asLongValue();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static long headerBytes(MultiMap headers) {
        long n = 0;
        for (Map.Entry<String, String> h : headers) {
            n += h.getKey().length() + h.getValue().length() + 4;
        }
        return n;
    }

    static boolean basicHasNul(String authorization) {
        if (!authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return authorization.indexOf('\0') >= 0;
        }
        try {
            byte[] decoded = Base64.getDecoder().decode(authorization.substring(6).trim());
            for (byte b : decoded) {
                if (b == 0) {
                    return true;
                }
            }
            return false;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** What to name in the 400 (the query parameter, or "the path"), or null when there is no NUL. */
    static String nulInPathOrQuery(String rawPath, String rawQuery) {
        if (rawPath.contains(NUL_ENCODED) || rawPath.indexOf('\0') >= 0) {
            return "the path";
        }
        if (rawQuery == null || (!rawQuery.contains(NUL_ENCODED) && rawQuery.indexOf('\0') < 0)) {
            return null;
        }
        for (String pair : rawQuery.split("&")) {
            if (pair.contains(NUL_ENCODED) || pair.indexOf('\0') >= 0) {
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair : pair.substring(0, eq);
                return "query parameter " + printable(decode(name));
            }
        }
        return "the query";
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }

    /** A name as it may be echoed: NUL shown as its escape, bounded in length. */
    static String printable(String name) {
        String s = name.replace("\0", "\\u0000");
        return s.length() > 100 ? s.substring(0, 100) + "..." : s;
    }

    private void end(RoutingContext rc, int status, String code, String message, Map<String, Object> details) {
        Map<String, Object> body = ErrorBodies.body(rc.request().path(), status, code, message, DomainError.Shape.DEFAULT,
                details == null ? Map.of() : details);
        HttpServerRequest req = rc.request();
        HttpServerResponse res = rc.response().setStatusCode(status).putHeader("Content-Type", "application/json");
        boolean close = "close".equals(res.headers().get("Connection"));
        if (!close && !req.isEnded()) {
            // answered before the body was read: read and drop the rest (the request is paused until a handler is
            // set), so a client still writing it is not blocked; past the body limit, give up on the connection
            long limit = maxBodySize.asLongValue();
            long[] drained = {0};
            req.handler(buf -> {
                drained[0] += buf.length();
                if (drained[0] > limit) {
                    req.connection().close();
                }
            });
        }
        if (close && !req.isEnded()) {
            lingeringClose(rc, Json.encode(body));
        } else if (close) {
            res.end(Json.encode(body)).onComplete(x -> req.connection().close());
        } else {
            res.end(Json.encode(body));
        }
    }

    /**
     * Answers, then closes the connection once the client has sent the rest of its request (read and dropped, up to
     * the body limit) or after {@link #LINGER_MILLIS}, whichever comes first. Closing a socket with request bytes
     * still unread makes the kernel send a reset instead of an orderly close, and a reset can discard the answer
     * before the client reads it (a refused request would then look like a dropped connection); servers call this
     * a lingering close.
     */
    private void lingeringClose(RoutingContext rc, String answer) {
        HttpServerRequest req = rc.request();
        long limit = maxBodySize.asLongValue();
        long[] drained = {0};
        boolean[] state = new boolean[3]; // answered, request read, closed
        Runnable close = () -> {
            if (!state[2]) {
                state[2] = true;
                req.connection().close();
            }
        };
        long timer = rc.vertx().setTimer(LINGER_MILLIS, t -> close.run());
        Runnable closeWhenDone = () -> {
            if (state[0] && state[1]) {
                rc.vertx().cancelTimer(timer);
                close.run();
            }
        };
        req.exceptionHandler(e -> close.run());
        req.handler(buf -> {
            drained[0] += buf.length();
            if (drained[0] > limit) {
                close.run();
            }
        });
        req.endHandler(v -> {
            state[1] = true;
            closeWhenDone.run();
        });
        req.resume();
        rc.response().end(answer).onComplete(x -> {
            state[0] = true;
            closeWhenDone.run();
        });
    }
}
