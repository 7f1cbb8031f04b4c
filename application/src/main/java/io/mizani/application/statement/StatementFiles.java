package io.mizani.application.statement;

import io.mizani.domain.statement.StatementId;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Where statement files are kept: in PostgreSQL, the one storage every replica shares (a file built on one replica
 * is downloaded through another). Written in the build transaction, so a file exists exactly when its statement
 * completed; read back in pieces, never whole.
 */
public interface StatementFiles {

    /** A stream that stores what is written to it as the statement's file; close it to store the last piece. */
    OutputStream create(StatementId id);

    /** Writes the stored file to {@code out}, piece by piece; false when none is kept. */
    boolean copy(StatementId id, OutputStream out) throws IOException;

    /** Removes the files of these statements. */
    void delete(List<StatementId> ids);
}
