package io.mizani.bootstrap.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.mizani.bootstrap.support.PackagedService;
import org.junit.jupiter.api.Test;

/**
 * platform.md section 11, SIGTERM: the built service ({@code java -jar quarkus-run.jar}, embedded PostgreSQL) is sent
 * SIGTERM while requests are in flight (their bodies still arriving). Readiness must answer 503 at once, every
 * request in flight must get its answer (the database stays up until they are done), then the process exits.
 * Runs after {@code package} (failsafe), against the real artifact.
 */
class ShutdownDrainIT {

    private static final String OPERATOR = "Basic " + Base64.getEncoder()
            .encodeToString("operator:sandbox-operator".getBytes(StandardCharsets.UTF_8));

    @Test
    void sigterm_turns_readiness_down_lets_requests_in_flight_finish_then_exits() throws Exception {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        assertTrue(Files.exists(jar), "build the service first: " + jar.toAbsolutePath());
        Path data = Path.of("target", "drain-it-data").toAbsolutePath();
        PackagedService.wipe(data);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = Path.of("target", "drain-it.log");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString());
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        pb.environment().put("MIZANI_DATA_DIR", data.toString());
        pb.environment().put("MIZANI_SHUTDOWN_GRACE", "PT20S");
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.redirectErrorStream(true).redirectOutput(log.toFile());
        Process service = pb.start();
        try {
            waitReady(port, service, 180);

            // requests in flight: headers and half the body sent
            String body = "{\"available\": true}";
            List<Socket> inFlight = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Socket s = new Socket("127.0.0.1", port);
                s.setSoTimeout(30_000);
                OutputStream out = s.getOutputStream();
                out.write(("PUT /api/admin/accounts/1/identity-checks HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                        + OPERATOR + "\r\nContent-Type: application/json\r\nX-Request-Id: drain-" + i
                        + "\r\nContent-Length: " + body.length() + "\r\n\r\n" + body.substring(0, 10))
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                inFlight.add(s);
            }
            Thread.sleep(500);

            long signalled = System.nanoTime();
            service.destroy(); // SIGTERM
            // readiness answers 503 at once
            int ready = -1;
            long until = System.currentTimeMillis() + 3_000;
            while (System.currentTimeMillis() < until) {
                ready = status(port, "/q/health/ready");
                if (ready == 503) {
                    break;
                }
                Thread.sleep(50);
            }
            assertEquals(503, ready, "readiness after SIGTERM");
            assertTrue(service.isAlive(), "the process waits for requests in flight");

            // the bodies complete 3 s after the signal: every request gets its answer
            Thread.sleep(3_000);
            List<String> answers = new ArrayList<>();
            for (Socket s : inFlight) {
                s.getOutputStream().write(body.substring(10).getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                answers.add(readResponse(s.getInputStream()));
                s.close();
            }
            for (String a : answers) {
                assertTrue(a.startsWith("HTTP/1.1 200"), "a request in flight was cut: " + a);
                assertTrue(a.contains("\"available\":true"), a);
            }
            assertTrue(service.waitFor(40, TimeUnit.SECONDS), "the process exits once requests are done");
            double seconds = (System.nanoTime() - signalled) / 1e9;
            assertTrue(seconds < 25, "exited within the grace period: " + seconds + " s");
            String output = Files.readString(log);
            assertTrue(output.indexOf("All HTTP requests complete") < output.indexOf("stopped in"), output);
            // the embedded server was stopped cleanly (pg_ctl removes its pid file), after the application
            assertTrue(!Files.exists(data.resolve("pgdata").resolve("postmaster.pid")), "PostgreSQL still running");
            // sandbox mode without QUARKUS_HTTP_HOST listens on loopback only
            assertTrue(output.contains("Listening on: http://127.0.0.1:" + port), "bound to loopback: " + log);
        } finally {
            if (service.isAlive()) {
                service.destroyForcibly();
                service.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Issue 26, rolling updates: clients keep sending straight to a replica through its SIGTERM (8 kept-alive
     * connections, as a balancer that has not noticed yet would). Every request that was sent gets an answer: served
     * normally during MIZANI_SHUTDOWN_DELAY (readiness already 503), then 503 {@code unavailable} with
     * {@code Retry-After: 1}; after that connections are refused (the client knows nothing was sent). None is cut.
     */
    @Test
    void steady_traffic_through_sigterm_gets_answers_or_refused_connections_never_a_cut_request() throws Exception {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        Path data = Path.of("target", "drain-traffic-data").toAbsolutePath();
        PackagedService.wipe(data);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-jar", jar.toString());
        pb.environment().put("QUARKUS_HTTP_PORT", Integer.toString(port));
        pb.environment().put("MIZANI_DATA_DIR", data.toString());
        pb.environment().put("MIZANI_SHUTDOWN_GRACE", "PT10S");
        pb.environment().put("MIZANI_SHUTDOWN_DELAY", "PT1S");
        pb.environment().remove("QUARKUS_DATASOURCE_JDBC_URL");
        pb.redirectErrorStream(true).redirectOutput(Path.of("target", "drain-traffic.log").toFile());
        Process service = pb.start();
        var answered = new java.util.concurrent.atomic.AtomicInteger();
        var unavailable = new java.util.concurrent.atomic.AtomicInteger();
        var refused = new java.util.concurrent.atomic.AtomicInteger();
        var cut = new java.util.concurrent.CopyOnWriteArrayList<String>();
        var noRetryAfter = new java.util.concurrent.atomic.AtomicInteger();
        var resetInAcceptQueue = new java.util.concurrent.atomic.AtomicInteger();
        try {
            waitReady(port, service, 180);
            var client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                    .connectTimeout(java.time.Duration.ofSeconds(2)).build();
            String demo = "Basic " + Base64.getEncoder().encodeToString("demo:demo-secret".getBytes(StandardCharsets.UTF_8));
            var stop = new java.util.concurrent.atomic.AtomicBoolean();
            var signalled = new java.util.concurrent.atomic.AtomicBoolean();
            List<Thread> senders = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Thread th = new Thread(() -> {
                    while (!stop.get()) {
                        var req = java.net.http.HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                                        + "/api/global/transaction-status")).timeout(java.time.Duration.ofSeconds(20))
                                .header("Authorization", demo).header("Content-Type", "application/json")
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"merchant_reference\":\"none\"}"))
                                .build();
                        try {
                            var r = client.send(req, java.net.http.HttpResponse.BodyHandlers.ofString());
                            if (signalled.get()) {
                                answered.incrementAndGet();
                                if (r.statusCode() == 503) {
                                    unavailable.incrementAndGet();
                                    if (!"1".equals(r.headers().firstValue("Retry-After").orElse(null))
                                            || !r.body().contains("\"unavailable\"")) {
                                        noRetryAfter.incrementAndGet();
                                    }
                                }
                            }
                        } catch (java.net.ConnectException e) {
                            refused.incrementAndGet();
                            sleepQuietly(20);
                        } catch (IOException e) {
                            if (!service.isAlive() && e.getMessage() != null && e.getMessage().contains("refused")) {
                                refused.incrementAndGet();
                            } else if (!accepting(port)) {
                                // the listening socket is closed: a connection the kernel had queued for accept() but
                                // the service never accepted is reset when the listener closes. The service took no
                                // work from it; to the client it is a refused connection (it may send again).
                                resetInAcceptQueue.incrementAndGet();
                            } else {
                                cut.add(e.toString());
                            }
                            sleepQuietly(20);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                th.start();
                senders.add(th);
            }
            Thread.sleep(1_000);
            signalled.set(true);
            service.destroy(); // SIGTERM
            assertTrue(service.waitFor(40, TimeUnit.SECONDS), "the process exits");
            Thread.sleep(500);
            stop.set(true);
            for (Thread th : senders) {
                th.join(25_000);
            }
            System.out.printf("through SIGTERM: %d answered (%d of them 503), %d refused connections, %d reset in the "
                            + "accept queue as the listener closed, %d cut%n",
                    answered.get(), unavailable.get(), refused.get(), resetInAcceptQueue.get(), cut.size());
            assertEquals(List.of(), cut, "requests sent and never answered");
            assertTrue(answered.get() > 0, "requests were served after SIGTERM (the delay)");
            assertEquals(0, noRetryAfter.get(), "every 503 says unavailable with Retry-After: 1");
        } finally {
            if (service.isAlive()) {
                service.destroyForcibly();
                service.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Whether the service still listens (a new connection is accepted within 300 ms). */
    private static boolean accepting(int port) {
        try (Socket s = new Socket()) {
            s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException closed) {
            return false;
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void live_mode_refuses_to_start_with_the_mock_mailer() throws Exception {
        Path jar = Path.of("target", "quarkus-app", "quarkus-run.jar");
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString());
        pb.environment().put("MIZANI_MODE", "live");
        pb.environment().put("MIZANI_OPERATOR_PASSWORD", "a-live-operator-password");
        pb.environment().put("MIZANI_PII_KEY", "a-live-pii-key-for-this-test-only-000000");
        pb.environment().remove("QUARKUS_MAILER_MOCK");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("mizani: refusing to start in live mode with the mock mailer"), out);
        assertEquals(1, out.lines().filter(l -> l.startsWith("mizani:")).count(), "one line: " + out);
    }

    private static void waitReady(int port, Process service, int seconds) throws Exception {
        long until = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < until) {
            assertTrue(service.isAlive(), "the service died while starting: see target/drain-it.log");
            if (status(port, "/q/health/ready") == 200) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the service did not become ready in " + seconds + " s: see target/drain-it.log");
    }

    private static int status(int port, String path) {
        return PackagedService.status(port, path);
    }

    private static String readResponse(InputStream in) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        byte[] b = new byte[4096];
        int n;
        while ((n = in.read(b)) > 0) {
            buf.write(b, 0, n);
            String s = buf.toString(StandardCharsets.UTF_8);
            int headerEnd = s.indexOf("\r\n\r\n");
            if (headerEnd > 0) {
                String lower = s.toLowerCase();
                int cl = lower.indexOf("content-length:");
                if (cl > 0) {
                    int len = Integer.parseInt(lower.substring(cl + 15, lower.indexOf("\r\n", cl)).trim());
                    if (s.length() - headerEnd - 4 >= len) {
                        return s;
                    }
                }
            }
        }
        return buf.toString(StandardCharsets.UTF_8);
    }
}
