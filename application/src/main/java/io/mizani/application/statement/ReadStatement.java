package io.mizani.application.statement;

/** GET /api/global/statements/{id}: the caller's statement; any other id (another merchant's too) is 404. */
public interface ReadStatement {

    StatementView read(long accountId, String id);
}
