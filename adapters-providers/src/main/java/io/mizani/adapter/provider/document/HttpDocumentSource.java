package io.mizani.adapter.provider.document;

import io.mizani.application.teamkyc.DocumentSource;

import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.jboss.logging.Logger;

/**
 * Fetches a Team KYC document for the operator's preview: a GET, redirects followed by hand (at most
 * {@value #MAX_REDIRECTS}) so that every hop's host is checked, the whole exchange within the timeout, at most
 * {@code maxBytes + 1} bytes read (the connection is reset past that). A host is refused when any address it resolves
 * to is private (RFC 1918, IPv6 unique-local), carrier-grade NAT, link-local (the cloud metadata address), multicast,
 * the unspecified address or, unless {@code allowLoopback} (sandbox mode, whose stubs run on loopback), loopback.
 *
 * <p>The host is resolved once per hop, by {@link Resolver}, and the connection goes to the address that was checked
 * ({@link RequestOptions#setServer}): the client never resolves the name again, so a name that answers a public
 * address to the check and a private one a moment later (DNS rebinding) cannot reach the private one. The name
 * still travels as the {@code Host} header and TLS server name, and the certificate is verified against it. Only
 * the URL's host is logged, never its path or query (which may name the person).
 */
public final class HttpDocumentSource implements DocumentSource {

    private static final Logger LOG = Logger.getLogger(HttpDocumentSource.class);
    static final int MAX_REDIRECTS = 3;

    /** Port: a host name's addresses (the system resolver in production; a test names its own). */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    private final HttpClient client;
    private final Duration timeout;
    private final boolean allowLoopback;
    private final Resolver resolver;

    public HttpDocumentSource(Vertx vertx, Duration timeout, boolean allowLoopback) {
        this(vertx, timeout, allowLoopback, InetAddress::getAllByName);
    }

    HttpDocumentSource(Vertx vertx, Duration timeout, boolean allowLoopback, Resolver resolver) {
        this.timeout = timeout;
        this.allowLoopback = allowLoopback;
        this.resolver = resolver;
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setName("mizani-kyc-documents")
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .setKeepAlive(false)
                .setVerifyHost(true)
                .setForceSni(true));
    }

    @Override
    public Fetched fetch(String url, long maxBytes) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return new Refused(Refusal.UNREACHABLE);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            Checked checked = check(uri);
            if (checked.refusal() != null) {
                if (checked.refusal() == Refusal.PRIVATE_ADDRESS) {
                    LOG.infof("KYC document preview from host %s refused: %s", uri.getHost(), checked.refusal());
                }
                return new Refused(checked.refusal());
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return unreachable(uri, "timeout");
            }
            Answer answer;
            try {
                answer = get(uri, checked.address(), left, maxBytes);
            } catch (TimeoutException e) {
                return unreachable(uri, "timeout");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return unreachable(uri, "interrupted");
            } catch (ExecutionException e) {
                return unreachable(uri, (e.getCause() == null ? e : e.getCause()).getClass().getSimpleName());
            } catch (RuntimeException e) {
                return unreachable(uri, e.getClass().getSimpleName()); // a URL Vert.x cannot use
            }
            if (answer.location() != null) {
                try {
                    uri = uri.resolve(answer.location());
                } catch (IllegalArgumentException e) {
                    return unreachable(uri, "bad redirect");
                }
                continue;
            }
            if (answer.status() != 200) {
                return unreachable(uri, "status " + answer.status());
            }
            return answer.tooLarge() ? new Refused(Refusal.TOO_LARGE) : new Body(answer.body());
        }
        return unreachable(uri, "too many redirects");
    }

    /** One hop's answer: a redirect's target, or the status and the body (null when over the limit). */
    private record Answer(int status, String location, byte[] body) {
        boolean tooLarge() {
            return body == null;
        }
    }

    /** One GET to the checked address; the body is read up to {@code maxBytes + 1} bytes, then the request reset. */
    private Answer get(URI uri, InetAddress address, long timeoutMillis, long maxBytes)
            throws InterruptedException, ExecutionException, TimeoutException {
        boolean https = "https".equalsIgnoreCase(uri.getScheme());
        int port = uri.getPort() > 0 ? uri.getPort() : https ? 443 : 80;
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.GET)
                .setAbsoluteURI(uri.toString())
                .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
                .setFollowRedirects(false)
                .setConnectTimeout(timeoutMillis)
                .setIdleTimeout(timeoutMillis)
                .putHeader("accept", "image/*, application/pdf");
        Promise<Answer> answer = Promise.promise();
        client.request(options).onFailure(answer::tryFail).onSuccess(request -> request.send()
                .onFailure(answer::tryFail)
                .onSuccess(response -> read(request, response, maxBytes, answer)));
        try {
            return answer.future().toCompletionStage().toCompletableFuture().get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer.tryFail(e);
            throw e;
        }
    }

    private static void read(HttpClientRequest request, HttpClientResponse response, long maxBytes,
                             Promise<Answer> answer) {
        int status = response.statusCode();
        String location = response.getHeader("location");
        if (status >= 300 && status < 400 && location != null) {
            answer.tryComplete(new Answer(status, location, null));
            request.reset();
            return;
        }
        String length = response.getHeader("content-length");
        if (status != 200 || length != null && length.chars().allMatch(Character::isDigit) && length.length() < 19
                && Long.parseLong(length) > maxBytes) {
            answer.tryComplete(new Answer(status, null, null));
            request.reset();
            return;
        }
        Buffer body = Buffer.buffer();
        response.exceptionHandler(answer::tryFail);
        response.handler(chunk -> {
            if (answer.future().isComplete()) {
                return;
            }
            body.appendBuffer(chunk);
            if (body.length() > maxBytes) {
                answer.tryComplete(new Answer(status, null, null));
                request.reset();
            }
        });
        response.endHandler(ignored -> answer.tryComplete(new Answer(status, null, body.getBytes())));
    }

    private static Fetched unreachable(URI uri, String why) {
        LOG.infof("KYC document preview from host %s not reachable (%s)", uri.getHost(), why);
        return new Refused(Refusal.UNREACHABLE);
    }

    /** The address to connect to, or why the URL is not fetched. */
    private record Checked(InetAddress address, Refusal refusal) {
    }

    private Checked check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            return new Checked(null, Refusal.UNREACHABLE);
        }
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        try {
            InetAddress[] addresses = resolver.resolve(host);
            if (addresses == null || addresses.length == 0) {
                return new Checked(null, Refusal.UNREACHABLE);
            }
            for (InetAddress a : addresses) {
                if (isPrivate(a) || a.isLoopbackAddress() && !allowLoopback) {
                    return new Checked(null, Refusal.PRIVATE_ADDRESS);
                }
            }
            return new Checked(addresses[0], null);
        } catch (UnknownHostException e) {
            return new Checked(null, Refusal.UNREACHABLE);
        }
    }

    /** Private, carrier-grade NAT, link-local, unique-local, multicast or unspecified (loopback is judged apart). */
    static boolean isPrivate(InetAddress a) {
        byte[] b = a.getAddress();
        if (a.isSiteLocalAddress() || a.isLinkLocalAddress() || a.isAnyLocalAddress() || a.isMulticastAddress()) {
            return true;
        }
        if (a instanceof Inet6Address) {
            return (b[0] & 0xFE) == 0xFC;
        }
        int first = b[0] & 0xFF;
        int second = b[1] & 0xFF;
        return first == 0 || first == 100 && second >= 64 && second < 128;
    }
}
