package io.mizani.application.payment;

import io.mizani.domain.payment.RetrySchedule;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class DeliverCallbacksTest {

    Fakes.MutableClock clock = new Fakes.MutableClock();
    Fakes.Outbox outbox = new Fakes.Outbox();
    List<String> ids = new ArrayList<>();
    List<Integer> answers = new ArrayList<>();

    DeliverCallbacks worker(int maxAttempts) {
        CallbackSender sender = (url, id, ts, body, secret) -> {
            ids.add(id);
            int status = answers.isEmpty() ? 200 : answers.remove(0);
            return new CallbackSender.Delivery(status, null);
        };
        return new DeliverCallbacks(outbox, sender, Fakes.DIRECT, clock,
                new RetrySchedule(Duration.ofSeconds(5), Duration.ofHours(1), maxAttempts), Duration.ofSeconds(30), 10,
                Runnable::run);
    }

    @Test
    void retries_with_exponential_backoff_and_the_same_webhook_id() {
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_1", "transaction.succeeded", "http://x", "{}", clock.instant()));
        answers.addAll(List.of(500, 500, 500));
        var w = worker(8);
        assertEquals(1, w.runOnce());
        clock.advance(Duration.ofSeconds(4));
        assertEquals(0, w.runOnce());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, w.runOnce());
        clock.advance(Duration.ofSeconds(9));
        assertEquals(0, w.runOnce());
        clock.advance(Duration.ofSeconds(1));
        assertEquals(1, w.runOnce());
        clock.advance(Duration.ofSeconds(20));
        assertEquals(1, w.runOnce());
        assertEquals("delivered", outbox.state.get(1L));
        assertEquals(List.of("msg_1", "msg_1", "msg_1", "msg_1"), ids);
        assertEquals(4, outbox.log.size());
        assertEquals(500, outbox.log.get(0).statusCode());
        assertEquals(200, outbox.log.get(3).statusCode());
    }

    @Test
    void gives_up_after_max_attempts() {
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_2", "transaction.failed", "http://x", "{}", clock.instant()));
        for (int i = 0; i < 20; i++) {
            answers.add(503);
        }
        var w = worker(8);
        for (int i = 0; i < 20; i++) {
            w.runOnce();
            clock.advance(Duration.ofHours(2));
        }
        assertEquals("dead", outbox.state.get(1L));
        assertEquals(8, outbox.log.size());
    }

    @Test
    void a_restarted_worker_continues_from_persisted_state() {
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_3", "transaction.succeeded", "http://x", "{}", clock.instant()));
        answers.add(500);
        worker(8).runOnce();
        clock.advance(Duration.ofSeconds(5));
        worker(8).runOnce(); // a fresh worker instance: only the outbox rows carry state
        assertEquals("delivered", outbox.state.get(1L));
        assertEquals(2, outbox.attempts.get(1L));
        assertEquals(List.of("msg_3", "msg_3"), ids);
    }

    @Test
    void a_callback_with_an_attempt_limit_gives_up_at_that_attempt_whatever_the_schedule_says() {
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_4", "transaction.succeeded", "http://x", "{}", clock.instant()));
        outbox.limits.put(1L, 1); // a test event or a redelivery after the schedule ran out: one attempt
        answers.add(500);
        var w = worker(8);
        assertEquals(1, w.runOnce());
        clock.advance(Duration.ofHours(1));
        assertEquals(0, w.runOnce());
        assertEquals("dead", outbox.state.get(1L));
        assertEquals(List.of("msg_4"), ids);
    }

    @Test
    void a_round_is_recorded_together_and_when_that_fails_each_attempt_on_its_own() {
        List<Integer> roundsRecorded = new ArrayList<>();
        boolean[] failRound = {false};
        boolean[] brokenRow = {true};
        outbox = new Fakes.Outbox() {
            @Override
            public void recordAndSettleAll(List<Settlement> settlements) {
                if (failRound[0]) {
                    throw new IllegalStateException("the round's batch failed");
                }
                roundsRecorded.add(settlements.size());
                super.recordAndSettleAll(settlements);
            }

            @Override
            public void recordAttempt(Attempt a) {
                if (a.callbackId() == 2L && brokenRow[0]) {
                    throw new IllegalStateException("this one's row cannot be written");
                }
                super.recordAttempt(a);
            }
        };
        for (String id : List.of("msg_a", "msg_b", "msg_c")) {
            outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, id, "transaction.succeeded", "http://x", "{}", clock.instant()));
        }
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_d", "transaction.succeeded", "http://x", "{}", clock.instant()));
        outbox.limits.put(4L, 1);
        answers.addAll(List.of(200, 200, 200, 500));
        failRound[0] = true;
        var w = worker(8);
        assertEquals(4, w.runOnce());
        assertEquals("delivered", outbox.state.get(1L), "recorded on its own after the round's write failed");
        assertEquals("pending", outbox.state.get(2L), "the one that cannot be written waits for its lease");
        assertEquals("delivered", outbox.state.get(3L), "the failing one does not stop the others");
        assertEquals("dead", outbox.state.get(4L));
        assertEquals(List.of(), roundsRecorded);
        failRound[0] = false;
        brokenRow[0] = false;
        clock.advance(Duration.ofSeconds(29));
        assertEquals(0, w.runOnce(), "still leased");
        clock.advance(Duration.ofSeconds(1));
        answers.add(200);
        assertEquals(1, w.runOnce());
        assertEquals(List.of("msg_a", "msg_b", "msg_c", "msg_d", "msg_b"), ids, "sent again, same webhook-id");
        assertEquals("delivered", outbox.state.get(2L));
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_e", "transaction.succeeded", "http://x", "{}", clock.instant()));
        outbox.enqueue(new CallbackOutbox.NewCallback(1, 1, "msg_f", "transaction.succeeded", "http://x", "{}", clock.instant()));
        assertEquals(2, w.runOnce());
        assertEquals(List.of(1, 2), roundsRecorded, "a round's attempts are written together");
    }

    @Test
    void errors_are_kept_short_on_one_line_and_hosts_are_read_safely() {
        assertNull(DeliverCallbacks.shortError(null));
        assertEquals("ConnectException: refused here", DeliverCallbacks.shortError("ConnectException:\n refused   here"));
        assertEquals(200, DeliverCallbacks.shortError("x".repeat(5000)).length());
        assertEquals("merchant.example.com", DeliverCallbacks.host("https://merchant.example.com:8443/hooks?token=secret"));
        assertEquals("?", DeliverCallbacks.host("not a url"));
        assertEquals("IllegalArgumentException",
                DeliverCallbacks.errorKind("IllegalArgumentException: bad URI http://h/?token=secret"));
    }
}
