package io.mizani.adapter.persistence.statement;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.statement.StatementFiles;
import io.mizani.domain.statement.StatementId;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The {@code statement_chunks} table: a statement's file in pieces of {@link #CHUNK} bytes. Writing happens in the
 * caller's transaction (the build's); reading takes one piece per short query, so neither side ever holds more than
 * one piece, and a download holds no transaction open while the client reads.
 */
@Singleton
public class JdbcStatementFiles implements StatementFiles {

    static final int CHUNK = 1 << 20;

    private final Sql sql;

    @Inject
    public JdbcStatementFiles(Sql sql) {
        this.sql = sql;
    }

    @Override
    public OutputStream create(StatementId id) {
        return new ChunkWriter(id.value());
    }

    @Override
    public boolean copy(StatementId id, OutputStream out) throws IOException {
        int seq = 0;
        while (true) {
            int at = seq;
            Optional<byte[]> piece = sql.with(h -> h.createQuery(
                            "SELECT data FROM statement_chunks WHERE statement_id = :id AND seq = :seq")
                    .bind("id", id.value()).bind("seq", at).mapTo(byte[].class).findOne());
            if (piece.isEmpty()) {
                return seq > 0;
            }
            out.write(piece.get());
            seq++;
        }
    }

    @Override
    public void delete(List<StatementId> ids) {
        if (ids.isEmpty()) {
            return;
        }
        sql.use(h -> h.createUpdate("DELETE FROM statement_chunks WHERE statement_id = ANY(:ids)")
                .bind("ids", ids.stream().map(StatementId::value).toArray(UUID[]::new)).execute());
    }

    /** Buffers one piece and stores it when full (and the last, shorter one on close; an empty file is one empty piece). */
    private final class ChunkWriter extends OutputStream {
        private final UUID id;
        private final byte[] buffer = new byte[CHUNK];
        private int used;
        private int seq;
        private boolean closed;

        ChunkWriter(UUID id) {
            this.id = id;
        }

        @Override
        public void write(int b) {
            if (used == CHUNK) {
                store();
            }
            buffer[used++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                if (used == CHUNK) {
                    store();
                }
                int n = Math.min(len, CHUNK - used);
                System.arraycopy(b, off, buffer, used, n);
                used += n;
                off += n;
                len -= n;
            }
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                if (used > 0 || seq == 0) {
                    store();
                }
            }
        }

        private void store() {
            byte[] piece = used == CHUNK ? buffer : java.util.Arrays.copyOf(buffer, used);
            int at = seq++;
            sql.use(h -> h.createUpdate("INSERT INTO statement_chunks (statement_id, seq, data) VALUES (:id, :seq, :data)")
                    .bind("id", id).bind("seq", at).bind("data", piece).execute());
            used = 0;
        }
    }
}
