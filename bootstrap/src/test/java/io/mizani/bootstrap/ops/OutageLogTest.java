package io.mizani.bootstrap.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A background job logs a database outage once when it starts and once when it ends, other failures each time. */
class OutageLogTest {

    private final List<String> lines = new ArrayList<>();
    private long now;

    private final OutageLog log = new OutageLog("charge sweeper", new OutageLog.Sink() {
        @Override
        public void warn(String line) {
            lines.add("WARN " + line);
        }

        @Override
        public void info(String line) {
            lines.add("INFO " + line);
        }

        @Override
        public void failure(String line, Throwable e) {
            lines.add("STACK " + line);
        }
    }, () -> now);

    private static RuntimeException refused() {
        return new IllegalStateException("sweep failed",
                new SQLException("Connection to localhost:5432 refused.", "08001"));
    }

    @Test
    void an_outage_of_a_minute_is_two_lines_and_no_stack_trace() {
        log.succeeded();
        for (int i = 0; i < 6; i++) {
            log.failed(refused());
            now += 10_000_000_000L;
        }
        log.failed(new IllegalStateException("x", new SQLException("Acquisition timeout while waiting for new connection")));
        log.succeeded();
        log.succeeded();
        assertEquals(List.of(
                "WARN charge sweeper: database unavailable (Connection to localhost:5432 refused.); retrying every round,"
                        + " logged again when it is back",
                "INFO charge sweeper: database available again after 60 s (7 rounds failed)"), lines);
    }

    @Test
    void any_other_failure_is_logged_each_time_with_its_stack() {
        log.failed(new IllegalStateException("bug"));
        log.failed(new IllegalStateException("bug", new SQLException("duplicate key", "23505")));
        assertEquals(2, lines.size());
        assertEquals("STACK charge sweeper failed; it runs again next round", lines.get(0));
    }
}
