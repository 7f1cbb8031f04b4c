package io.mizani.adapter.provider.document;

import io.mizani.application.teamkyc.DocumentSource;

import java.io.IOException;
import java.io.InputStream;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Locale;

import org.jboss.logging.Logger;

/**
 * Fetches a Team KYC document for the operator's preview with the JDK's HTTP client: a GET, redirects followed by
 * hand (at most {@value #MAX_REDIRECTS}) so that every hop's host is checked, the whole exchange within the timeout,
 * at most {@code maxBytes + 1} bytes read. A host is refused when any address it resolves to is private (RFC 1918,
 * IPv6 unique-local), carrier-grade NAT, link-local (the cloud metadata address), multicast, the unspecified address
 * or, unless {@code allowLoopback} (sandbox mode, whose stubs run on loopback), loopback. Only the URL's host is
 * logged, never its path or query (which may name the person).
 */
public final class HttpDocumentSource implements DocumentSource {

    private static final Logger LOG = Logger.getLogger(HttpDocumentSource.class);
    static final int MAX_REDIRECTS = 3;

    private final HttpClient client;
    private final Duration timeout;
    private final boolean allowLoopback;

    public HttpDocumentSource(Duration timeout, boolean allowLoopback) {
        this.timeout = timeout;
        this.allowLoopback = allowLoopback;
        this.client = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
                .build();
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
            Refusal refusal = check(uri);
            if (refusal != null) {
                LOG.infof("KYC document preview from host %s refused: %s", uri.getHost(), refusal);
                return new Refused(refusal);
            }
            Duration left = Duration.ofNanos(deadline - System.nanoTime());
            if (left.isNegative() || left.isZero()) {
                return unreachable(uri, "timeout");
            }
            try {
                HttpResponse<InputStream> r = client.send(HttpRequest.newBuilder(uri).timeout(left).GET()
                        .header("Accept", "image/*, application/pdf").build(), HttpResponse.BodyHandlers.ofInputStream());
                try (InputStream body = r.body()) {
                    int status = r.statusCode();
                    if (status >= 300 && status < 400 && r.headers().firstValue("Location").isPresent()) {
                        uri = uri.resolve(r.headers().firstValue("Location").get());
                        continue;
                    }
                    if (status != 200) {
                        return unreachable(uri, "status " + status);
                    }
                    if (r.headers().firstValueAsLong("Content-Length").orElse(-1) > maxBytes) {
                        return new Refused(Refusal.TOO_LARGE);
                    }
                    byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
                    return bytes.length > maxBytes ? new Refused(Refusal.TOO_LARGE) : new Body(bytes);
                }
            } catch (IOException | IllegalArgumentException e) {
                return unreachable(uri, e.getClass().getSimpleName());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return unreachable(uri, "interrupted");
            }
        }
        return unreachable(uri, "too many redirects");
    }

    private static Fetched unreachable(URI uri, String why) {
        LOG.infof("KYC document preview from host %s not reachable (%s)", uri.getHost(), why);
        return new Refused(Refusal.UNREACHABLE);
    }

    /** Null when the URL may be fetched; else why not. */
    private Refusal check(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            return Refusal.UNREACHABLE;
        }
        try {
            for (InetAddress a : InetAddress.getAllByName(uri.getHost())) {
                if (isPrivate(a) || a.isLoopbackAddress() && !allowLoopback) {
                    return Refusal.PRIVATE_ADDRESS;
                }
            }
            return null;
        } catch (UnknownHostException e) {
            return Refusal.UNREACHABLE;
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
