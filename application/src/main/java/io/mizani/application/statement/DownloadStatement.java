package io.mizani.application.statement;

import io.mizani.domain.statement.StatementId;

import java.io.IOException;
import java.io.OutputStream;

/**
 * GET /api/global/statements/download/{token}, without credentials: the file of a completed statement while the
 * token is genuine and not expired (PostgreSQL's clock); anything else is 404 {@code not_found}.
 */
public interface DownloadStatement {

    /** What the answer's headers say before the bytes are sent. */
    record Download(StatementId id, String fileName, long size, String sha256) {
    }

    Download open(String token);

    /** Streams the file of an opened download. */
    void send(Download download, OutputStream out) throws IOException;
}
