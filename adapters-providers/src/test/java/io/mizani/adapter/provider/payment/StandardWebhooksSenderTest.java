package io.mizani.adapter.provider.payment;

import com.sun.net.httpserver.HttpServer;
import io.mizani.application.payment.CallbackSender;
import io.vertx.core.Vertx;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.*;

class StandardWebhooksSenderTest {

    @Test
    void signature_matches_the_standard_webhooks_reference_vector() {
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                StandardWebhooksSender.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
                        1614265330L, "{\"test\": 2432232314}"));
    }

    @Test
    void posts_signed_headers_and_reports_status_or_no_answer() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        Map<String, String> seen = new ConcurrentHashMap<>();
        server.createContext("/ok", ex -> {
            seen.put("id", ex.getRequestHeaders().getFirst("webhook-id"));
            seen.put("ts", ex.getRequestHeaders().getFirst("webhook-timestamp"));
            seen.put("sig", ex.getRequestHeaders().getFirst("webhook-signature"));
            seen.put("body", new String(ex.getRequestBody().readAllBytes()));
            ex.sendResponseHeaders(204, -1);
            ex.close();
        });
        server.createContext("/moved", ex -> {
            ex.getResponseHeaders().add("location", "/ok");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        server.createContext("/boom", ex -> {
            ex.sendResponseHeaders(500, -1);
            ex.close();
        });
        server.createContext("/slow", ex -> {
            try {
                Thread.sleep(6000);
            } catch (InterruptedException ignored) {
            }
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        Vertx vertx = Vertx.vertx();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            var sender = new StandardWebhooksSender(vertx, Duration.ofMillis(2000), 2);
            String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
            CallbackSender.Delivery ok = sender.send(base + "/ok", "msg_1", 1700000000L, "{\"a\":1}", secret);
            assertTrue(ok.delivered());
            assertEquals("msg_1", seen.get("id"));
            assertEquals("1700000000", seen.get("ts"));
            assertEquals("{\"a\":1}", seen.get("body"));
            assertEquals(StandardWebhooksSender.sign(secret, "msg_1", 1700000000L, "{\"a\":1}"), seen.get("sig"));
            assertEquals(500, sender.send(base + "/boom", "msg_2", 1L, "{}", secret).statusCode());
            CallbackSender.Delivery slow = sender.send(base + "/slow", "msg_3", 1L, "{}", secret);
            assertNull(slow.statusCode());
            assertEquals("TimeoutException: no answer within 2000 ms", slow.error());
            assertFalse(slow.delivered());
            CallbackSender.Delivery refused = sender.send("http://127.0.0.1:1/x", "msg_4", 1L, "{}", secret);
            assertNull(refused.statusCode());
            assertTrue(refused.error().startsWith("ConnectException"), refused.error());
            CallbackSender.Delivery garbage = sender.send("not a url", "msg_5", 1L, "{}", secret);
            assertNull(garbage.statusCode());
            assertNotNull(garbage.error());
            // a redirect is an answer, not followed: the callback was not delivered
            seen.clear();
            CallbackSender.Delivery moved = sender.send(base + "/moved", "msg_6", 1L, "{}", secret);
            assertEquals(302, moved.statusCode());
            assertFalse(moved.delivered());
            assertNull(seen.get("id"));
            // after a timeout the client still delivers, also more callbacks at once than it keeps connections
            List<CompletableFuture<CallbackSender.Delivery>> many = IntStream.range(0, 6)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> sender.send(base + "/ok", "msg_m" + i, 2L,
                            "{\"i\":" + i + "}", secret))).toList();
            for (CompletableFuture<CallbackSender.Delivery> d : many) {
                assertEquals(204, d.get().statusCode());
            }
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get();
            server.stop(0);
        }
    }
}
