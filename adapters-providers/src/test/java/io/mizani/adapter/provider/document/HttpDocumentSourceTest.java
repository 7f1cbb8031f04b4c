package io.mizani.adapter.provider.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.teamkyc.DocumentSource;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.vertx.core.Vertx;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Which addresses a KYC document preview never reaches, loopback in live mode, and the connection going to the
 * address that was checked (no second lookup a rebinding name could answer differently).
 */
class HttpDocumentSourceTest {

    static final Vertx VERTX = Vertx.vertx();
    static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 0, 0, 0, 13};

    static WireMockServer server;

    @BeforeAll
    static void start() {
        server = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        server.start();
        server.stubFor(get("/id.png").willReturn(aResponse().withStatus(200).withBody(PNG)));
        server.stubFor(get("/away").willReturn(aResponse().withStatus(302)
                .withHeader("Location", "http://inside.example.test:" + server.port() + "/id.png")));
        server.stubFor(get("/big.png").willReturn(aResponse().withStatus(200).withBody(new byte[4096])));
    }

    @AfterAll
    static void stop() {
        server.stop();
        VERTX.close();
    }

    /** A resolver of test names: docs.example.test is loopback, inside.example.test a private address. */
    static final class Names implements HttpDocumentSource.Resolver {
        final AtomicInteger lookups = new AtomicInteger();

        @Override
        public InetAddress[] resolve(String host) throws UnknownHostException {
            lookups.incrementAndGet();
            return switch (host) {
                case "docs.example.test" -> new InetAddress[] {InetAddress.getByName("127.0.0.1")};
                case "inside.example.test" -> new InetAddress[] {InetAddress.getByName("10.1.2.3")};
                default -> throw new UnknownHostException(host);
            };
        }
    }

    @Test
    void the_connection_goes_to_the_address_checked_and_the_name_is_looked_up_once() {
        var names = new Names();
        var source = new HttpDocumentSource(VERTX, Duration.ofSeconds(3), true, names);
        // the system resolver knows no .test name: only a connection to the checked address can fetch this
        var fetched = source.fetch("http://docs.example.test:" + server.port() + "/id.png", 1000);
        assertTrue(fetched instanceof DocumentSource.Body, String.valueOf(fetched));
        assertArrayEquals(PNG, ((DocumentSource.Body) fetched).bytes());
        assertEquals(1, names.lookups.get(), "one lookup: the one that was checked");
        server.verify(getRequestedFor(urlEqualTo("/id.png")).withHeader("Host",
                equalTo("docs.example.test:" + server.port())));
    }

    @Test
    void a_redirect_to_a_name_with_a_private_address_is_refused_and_a_body_over_the_limit_is_too_large() {
        var source = new HttpDocumentSource(VERTX, Duration.ofSeconds(3), true, new Names());
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.PRIVATE_ADDRESS),
                source.fetch("http://docs.example.test:" + server.port() + "/away", 1000));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.TOO_LARGE),
                source.fetch("http://docs.example.test:" + server.port() + "/big.png", 1000));
        assertTrue(source.fetch("http://docs.example.test:" + server.port() + "/big.png", 4096)
                instanceof DocumentSource.Body, "exactly at the limit is fetched");
    }

    @Test
    void private_cgnat_link_local_unique_local_multicast_and_unspecified_addresses_are_refused() throws Exception {
        for (String a : new String[] {"10.0.0.1", "172.16.5.4", "172.31.255.255", "192.168.1.10", "100.64.0.1",
                "100.127.255.255", "169.254.169.254", "0.0.0.0", "224.0.0.1", "fc00::1", "fd12:3456::1", "fe80::1",
                "::"}) {
            assertTrue(HttpDocumentSource.isPrivate(InetAddress.getByName(a)), a);
        }
        for (String a : new String[] {"8.8.8.8", "100.128.0.1", "172.32.0.1", "2001:4860:4860::8888"}) {
            assertFalse(HttpDocumentSource.isPrivate(InetAddress.getByName(a)), a);
        }
    }

    @Test
    void loopback_is_refused_in_live_mode_and_an_address_that_is_not_http_is_not_reachable() {
        var live = new HttpDocumentSource(VERTX, Duration.ofSeconds(1), false);
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.PRIVATE_ADDRESS),
                live.fetch("http://127.0.0.1:9/x.png", 100));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.PRIVATE_ADDRESS),
                live.fetch("http://[::1]:9/x.png", 100));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.UNREACHABLE),
                live.fetch("file:///etc/passwd", 100));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.UNREACHABLE), live.fetch("not a url", 100));
        // sandbox mode reaches loopback (nothing listens on port 9: not reachable, not refused)
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.UNREACHABLE),
                new HttpDocumentSource(VERTX, Duration.ofSeconds(1), true).fetch("http://127.0.0.1:9/x.png", 100));
    }
}
