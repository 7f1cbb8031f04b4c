package io.mizani.domain.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The callback and provider-poll schedules: what the operator may configure and what the rules keep anyway. */
class RetryScheduleTest {

    @Test
    void callbacks_double_from_the_base_up_to_the_cap() {
        RetrySchedule s = RetrySchedule.webhooks(5000, Duration.ofHours(6), 12);
        assertEquals(Duration.ofSeconds(5), s.delayAfter(1));
        assertEquals(Duration.ofSeconds(10), s.delayAfter(2));
        assertEquals(Duration.ofSeconds(40), s.delayAfter(4));
        assertEquals(Duration.ofHours(6), s.delayAfter(30));
        assertFalse(s.exhausted(11));
        assertTrue(s.exhausted(12));
    }

    @Test
    void a_callback_is_tried_at_least_eight_times_and_never_without_a_delay() {
        RetrySchedule s = RetrySchedule.webhooks(0, Duration.ofHours(6), 3);
        assertEquals(Duration.ofMillis(1), s.delayAfter(1));
        assertFalse(s.exhausted(7));
        assertTrue(s.exhausted(8));
        assertEquals(8, RetrySchedule.webhooks(-5, Duration.ofHours(6), 8).maxAttempts());
        assertEquals(Duration.ofMillis(2), RetrySchedule.webhooks(2, Duration.ofHours(6), 8).base());
    }

    @Test
    void a_pending_payment_is_polled_again_at_most_hourly_and_never_given_up() {
        RetrySchedule s = RetrySchedule.providerPolls(Duration.ofSeconds(5));
        assertEquals(Duration.ofSeconds(5), s.delayAfter(1));
        assertEquals(Duration.ofHours(1), s.delayAfter(20));
        assertFalse(s.exhausted(1_000_000));
    }
}
