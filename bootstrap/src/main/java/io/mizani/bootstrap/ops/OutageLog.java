package io.mizani.bootstrap.ops;

import java.net.ConnectException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.jboss.logging.Logger;

/**
 * How a background job (payment and callback workers, charge sweeper, purges) logs failures: a database outage is
 * logged once, one WARN line without a stack trace when it starts and one INFO line when it ends, instead of a
 * stack trace every round; any other failure is logged each time, with its stack trace.
 */
public final class OutageLog {

    /** Where the lines go (a logger; a list in tests). */
    public interface Sink {
        void warn(String line);

        void info(String line);

        void failure(String line, Throwable e);
    }

    private final String job;
    private final Sink sink;
    private final LongSupplier nanoTime;
    private long downSince;
    private int failedRuns;
    private boolean down;

    public OutageLog(String job, Logger log) {
        this(job, new Sink() {
            @Override
            public void warn(String line) {
                log.warn(line);
            }

            @Override
            public void info(String line) {
                log.info(line);
            }

            @Override
            public void failure(String line, Throwable e) {
                log.warn(line, e);
            }
        }, System::nanoTime);
    }

    public OutageLog(String job, Sink sink, LongSupplier nanoTime) {
        this.job = job;
        this.sink = sink;
        this.nanoTime = nanoTime;
    }

    /** A round of the job failed with {@code e}. */
    public synchronized void failed(RuntimeException e) {
        if (!databaseUnavailable(e)) {
            sink.failure(job + " failed; it runs again next round", e);
            return;
        }
        failedRuns++;
        if (!down) {
            down = true;
            downSince = nanoTime.getAsLong();
            sink.warn(job + ": database unavailable (" + reason(e) + "); retrying every round, logged again when it"
                    + " is back");
        }
    }

    /** A round of the job completed. */
    public synchronized void succeeded() {
        if (down) {
            long seconds = Duration.ofNanos(nanoTime.getAsLong() - downSince).toSeconds();
            sink.info(job + ": database available again after " + seconds + " s (" + failedRuns + " rounds failed)");
            down = false;
            failedRuns = 0;
        }
    }

    /** A connection could not be had or was lost: refused, reset, pool acquisition timed out, server shutting down. */
    static boolean databaseUnavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ConnectException) {
                return true;
            }
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                String message = String.valueOf(sql.getMessage()).toLowerCase(java.util.Locale.ROOT);
                if ((state != null && (state.startsWith("08") || state.startsWith("57P") || state.startsWith("53")))
                        || message.contains("acquisition timeout") || message.contains("connection refused")
                        || message.contains("connection has been closed") || message.contains("i/o error")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String reason(Throwable e) {
        Throwable last = e;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException || t instanceof ConnectException) {
                last = t;
                break;
            }
            last = t;
        }
        String m = String.valueOf(last.getMessage());
        return m.length() > 200 ? m.substring(0, 200) + "..." : m;
    }
}
