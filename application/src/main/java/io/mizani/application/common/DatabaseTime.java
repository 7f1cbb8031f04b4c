package io.mizani.application.common;

import java.time.Instant;

/**
 * Port: the database's own clock ({@code clock_timestamp()}), the one clock every replica agrees on. The service
 * aligns its clock to it (docs/operations.md "Clocks"), so leases, due times, deadlines and periods computed by any
 * replica compare with times written by any other.
 */
public interface DatabaseTime {

    Instant now();
}
