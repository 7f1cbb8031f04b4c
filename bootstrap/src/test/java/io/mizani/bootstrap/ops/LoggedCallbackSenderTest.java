package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;

import org.jboss.logging.MDC;
import org.junit.jupiter.api.Test;

import io.mizani.application.payment.CallbackSender;

class LoggedCallbackSenderTest {

    @Test
    void a_failed_attempt_is_logged_once_with_the_event_id_and_host_only() {
        List<String> lines = new ArrayList<>();
        java.util.logging.Logger jul = java.util.logging.Logger.getLogger("io.mizani.webhooks");
        // only this thread's records: a service started by an earlier test class in this JVM may still be delivering
        // callbacks (and logging their failures) in the background
        Thread self = Thread.currentThread();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (Thread.currentThread() == self) {
                    lines.add(r.getLevel() + " " + new java.util.logging.SimpleFormatter().formatMessage(r));
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        jul.addHandler(capture);
        try {
            CallbackSender.Delivery refused = new CallbackSender.Delivery(503, null);
            CallbackSender sender = new LoggedCallbackSender((url, id, ts, body, secret) -> refused);
            assertSame(refused, sender.send("https://hooks.acme.example/cb?token=s3cr3t", "msg_1", 1L, "{}", "whsec_x"));
            CallbackSender ok = new LoggedCallbackSender((url, id, ts, body, secret) -> new CallbackSender.Delivery(204, null));
            ok.send("https://hooks.acme.example/cb", "msg_2", 1L, "{}", "whsec_x");
        } finally {
            jul.removeHandler(capture);
        }
        assertEquals(1, lines.size(), lines.toString());
        assertEquals("WARN webhook attempt failed: event msg_1 to hooks.acme.example: HTTP 503",
                lines.get(0).replace("WARNING", "WARN"));
        assertNull(MDC.get("event_id"), "the MDC is restored after the attempt");
    }
}
