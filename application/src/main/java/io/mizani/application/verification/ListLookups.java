package io.mizani.application.verification;

import java.util.List;

/** Input port: the check history, newest first. {@code limit} defaults to 100 and is capped at 500. */
public interface ListLookups {

    int DEFAULT_LIMIT = 100;
    int MAX_LIMIT = 500;

    List<HistoryEntry> list(long accountId, Integer limit);
}
