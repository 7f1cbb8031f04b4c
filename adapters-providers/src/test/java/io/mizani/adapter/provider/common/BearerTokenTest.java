package io.mizani.adapter.provider.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class BearerTokenTest {

    @Test
    void a_token_is_kept_until_a_minute_before_it_expires_then_fetched_again() throws Exception {
        var clock = new MovableClock(Instant.parse("2026-11-27T10:00:00Z"));
        AtomicInteger issued = new AtomicInteger();
        var token = new BearerToken(clock, () -> new BearerToken.Issued("t" + issued.incrementAndGet(), 3600));
        assertEquals("t1", token.get());
        clock.pass(Duration.ofSeconds(3539));
        assertEquals("t1", token.get());
        clock.pass(Duration.ofSeconds(1)); // 3540 s: one minute before its hour ends
        assertEquals("t2", token.get());
        assertEquals(2, issued.get());
    }

    @Test
    void a_short_lived_token_is_fetched_again_at_half_its_life_and_a_401_drops_it() throws Exception {
        var clock = new MovableClock(Instant.parse("2026-11-27T10:00:00Z"));
        AtomicInteger issued = new AtomicInteger();
        var token = new BearerToken(clock, () -> new BearerToken.Issued("t" + issued.incrementAndGet(), 60));
        assertEquals("t1", token.get());
        clock.pass(Duration.ofSeconds(29));
        assertEquals("t1", token.get());
        clock.pass(Duration.ofSeconds(1));
        assertEquals("t2", token.get());
        token.invalidate();
        assertEquals("t3", token.get());
    }

    @Test
    void callers_waiting_for_a_refresh_share_one_fetch() throws Exception {
        var clock = new MovableClock(Instant.parse("2026-11-27T10:00:00Z"));
        AtomicInteger issued = new AtomicInteger();
        CountDownLatch fetching = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        var token = new BearerToken(clock, () -> {
            fetching.countDown();
            release.await(10, TimeUnit.SECONDS);
            return new BearerToken.Issued("t" + issued.incrementAndGet(), 180);
        });
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> answers = new ArrayList<>();
            answers.add(threads.submit(token::get));
            fetching.await(10, TimeUnit.SECONDS);
            for (int i = 0; i < 7; i++) {
                answers.add(threads.submit(token::get));
            }
            Thread.sleep(100);
            release.countDown();
            for (Future<String> a : answers) {
                assertEquals("t1", a.get(10, TimeUnit.SECONDS));
            }
            assertEquals(1, issued.get());
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void a_refusal_reaches_the_caller_and_the_next_call_asks_again() throws Exception {
        var clock = new MovableClock(Instant.parse("2026-11-27T10:00:00Z"));
        AtomicInteger asked = new AtomicInteger();
        var token = new BearerToken(clock, () -> {
            if (asked.incrementAndGet() == 1) {
                throw new BearerToken.Refused(401, "token answered HTTP 401");
            }
            return new BearerToken.Issued("t", 180);
        });
        BearerToken.Refused refused = assertThrows(BearerToken.Refused.class, token::get);
        assertEquals(401, refused.status());
        assertEquals("t", token.get());
    }
}
