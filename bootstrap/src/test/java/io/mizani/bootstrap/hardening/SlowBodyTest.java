package io.mizani.bootstrap.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Issue 26: clients that declare a request body and then trickle it must not hold the replica's threads. 1,000 such
 * connections (spread over ten loopback addresses, below the per-address limit) on the unauthenticated paths and
 * with wrong credentials, more than the 200 worker threads, while readiness and a merchant's requests keep answering;
 * and one address past {@code mizani.edge.max-body-reads-per-address} is refused 429 instead of piling up.
 */
@QuarkusTest
class SlowBodyTest {

    private static final int PER_ADDRESS_LIMIT = 128; // mizani.edge.max-body-reads-per-address, the default
    private static final String[] PATHS = {
        "/api/v2/account_invites/accept", "/checkout/slow-body-token", "/api/providers/mpesa/x/stk-callback",
        "/api/global/payments", "/console/accounts/1/credentials" };

    @TestHTTPResource("/")
    URL base;

    @Test
    void a_thousand_trickled_bodies_leave_readiness_and_merchants_answering() throws Exception {
        List<Socket> slow = new ArrayList<>();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        TestMerchants.Merchant m = TestMerchants.onboard();
        String merchant = basic(m.username(), m.password());
        try {
            for (int i = 0; i < 1000; i++) {
                // 127.0.0.2 .. 127.0.0.11: 100 each, below the per-address limit
                slow.add(openSlowBody(InetAddress.getByName("127.0.0." + (2 + i % 10)), PATHS[i % PATHS.length],
                        i % 2 == 0 ? null : basic("nobody", "wrong")));
            }
            List<Long> millis = new ArrayList<>();
            long until = System.nanoTime() + Duration.ofSeconds(8).toNanos();
            int round = 0;
            while (System.nanoTime() < until) {
                for (Socket s : slow) {
                    trickle(s);
                }
                long start = System.nanoTime();
                HttpResponse<String> ready = client.send(HttpRequest.newBuilder(base.toURI().resolve("/q/health/ready"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, ready.statusCode(), "readiness during the attack (round " + round + ")");
                HttpResponse<String> balances = client.send(HttpRequest.newBuilder(base.toURI()
                        .resolve("/api/global/transaction-status")).timeout(Duration.ofSeconds(5))
                        .header("Authorization", merchant).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"merchant_reference\":\"no-such-ref\"}")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(404, balances.statusCode(), "a merchant's request during the attack: " + balances.body());
                millis.add((System.nanoTime() - start) / 1_000_000);
                round++;
                Thread.sleep(100);
            }
            long open = slow.stream().filter(s -> !s.isClosed() && stillOpen(s)).count();
            millis.sort(null);
            System.out.printf("slow bodies: %d connections, %d still open; %d probe pairs, p50 %d ms, p99 %d ms%n",
                    slow.size(), open, millis.size(), millis.get(millis.size() / 2),
                    millis.get((int) (millis.size() * 0.99)));
            assertTrue(round >= 5, "only " + round + " probe rounds in 8 s");
            assertEquals(1000, open, "trickling connections within the read deadline are kept, not refused");
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void one_address_sending_more_bodies_at_once_than_its_limit_is_refused_429_not_queued() throws Exception {
        InetAddress address = InetAddress.getByName("127.0.0.42");
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < PER_ADDRESS_LIMIT; i++) {
                slow.add(openSlowBody(address, "/api/v2/account_invites/accept", null));
            }
            Thread.sleep(300); // the server has seen every one of them
            try (Socket extra = openSlowBody(address, "/api/v2/account_invites/accept", null)) {
                extra.setSoTimeout(5000);
                String answer = new String(extra.getInputStream().readNBytes(2000), StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 429"), answer);
                assertTrue(answer.contains("\"error_code\":\"rate_limited\""), answer);
                assertTrue(answer.toLowerCase().contains("retry-after: 1"), answer);
            }
        } finally {
            for (Socket s : slow) {
                s.close();
            }
        }
        Thread.sleep(300);
        // the address's bodies were given up: it may send again
        try (Socket again = new Socket()) {
            again.bind(new InetSocketAddress(address, 0));
            again.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5000);
            again.setSoTimeout(5000);
            String body = "{}";
            again.getOutputStream().write(("POST /api/v2/account_invites/accept HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            String answer = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
        }
    }

    /** A request whose headers declare a 10,000-byte body, of which one byte is sent. */
    private Socket openSlowBody(InetAddress from, String path, String authorization) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5000);
        String contentType = path.startsWith("/checkout") || path.startsWith("/console")
                ? "application/x-www-form-urlencoded" : "application/json";
        s.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + contentType
                + "\r\nContent-Length: 10000\r\n" + (authorization == null ? "" : "Authorization: " + authorization
                + "\r\n") + "\r\n{").getBytes(StandardCharsets.US_ASCII));
        s.getOutputStream().flush();
        return s;
    }

    private static void trickle(Socket s) {
        try {
            s.getOutputStream().write(' ');
            s.getOutputStream().flush();
        } catch (IOException e) {
            // closed by the server: counted by stillOpen
        }
    }

    /** True while the server has neither answered nor closed the connection. */
    private static boolean stillOpen(Socket s) {
        try {
            s.setSoTimeout(1);
            InputStream in = s.getInputStream();
            return in.read() >= 0 && false;
        } catch (java.net.SocketTimeoutException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }
}
