package io.mizani.adapter.provider.document;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.teamkyc.DocumentSource;

import java.net.InetAddress;
import java.time.Duration;

import org.junit.jupiter.api.Test;

/** Which addresses a KYC document preview never reaches, and loopback in live mode. */
class HttpDocumentSourceTest {

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
        var live = new HttpDocumentSource(Duration.ofSeconds(1), false);
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.PRIVATE_ADDRESS),
                live.fetch("http://127.0.0.1:9/x.png", 100));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.PRIVATE_ADDRESS),
                live.fetch("http://[::1]:9/x.png", 100));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.UNREACHABLE),
                live.fetch("file:///etc/passwd", 100));
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.UNREACHABLE), live.fetch("not a url", 100));
        // sandbox mode reaches loopback (nothing listens on port 9: not reachable, not refused)
        assertEquals(new DocumentSource.Refused(DocumentSource.Refusal.UNREACHABLE),
                new HttpDocumentSource(Duration.ofSeconds(1), true).fetch("http://127.0.0.1:9/x.png", 100));
    }
}
