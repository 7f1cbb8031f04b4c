-- Statements (platform.md section 17, docs/statements.md): a merchant asks for the ledger of one payment balance over
-- some UTC days; any replica builds it in the background and keeps the CSV file in PostgreSQL, the one storage every
-- replica shares.

-- One row is both the statement and its build job. A builder claims it (FOR UPDATE SKIP LOCKED) with a new
-- lease_token and a lease until lease_until (PostgreSQL's clock), then builds it in one transaction that holds the
-- row lock, so no other builder takes it while it works; a lease that runs out (a builder died before starting) is
-- taken over, and the token tells a late builder that it lost the statement.
CREATE TABLE statements (
    id               uuid          PRIMARY KEY,
    account_id       bigint        NOT NULL REFERENCES accounts (id),
    currency         char(3)       NOT NULL,
    period_from      date          NOT NULL,
    period_to        date          NOT NULL,
    status           text          NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
    opening_balance  numeric(19,2),
    closing_balance  numeric(19,2),
    total_credits    numeric(19,2) CHECK (total_credits >= 0),
    total_debits     numeric(19,2) CHECK (total_debits >= 0),
    entry_count      bigint        CHECK (entry_count >= 0),
    sha256           char(64),
    byte_size        bigint,
    expires_at       timestamptz,
    created_at       timestamptz   NOT NULL,
    completed_at     timestamptz,
    lease_token      uuid,
    lease_until      timestamptz,
    attempts         int           NOT NULL DEFAULT 0,
    last_error       text,
    purged_at        timestamptz,
    CHECK (period_from <= period_to AND period_to - period_from < 366),
    -- a completed statement has every figure, and they add up
    CHECK ((status = 'completed') = (sha256 IS NOT NULL)),
    CHECK (status <> 'completed' OR (opening_balance IS NOT NULL AND closing_balance IS NOT NULL
        AND total_credits IS NOT NULL AND total_debits IS NOT NULL AND entry_count IS NOT NULL
        AND byte_size IS NOT NULL AND expires_at IS NOT NULL AND completed_at IS NOT NULL)),
    CHECK (closing_balance = opening_balance + total_credits - total_debits)
);
-- what builders look for: processing statements, oldest first
CREATE INDEX statements_processing ON statements (created_at) WHERE status = 'processing';
-- files to purge once their link has expired
CREATE INDEX statements_to_purge ON statements (expires_at) WHERE status = 'completed' AND purged_at IS NULL;
CREATE INDEX statements_account ON statements (account_id, created_at DESC);

-- The file, in pieces of about 1 MiB written in the build transaction (so a file exists exactly when its statement
-- completed) and read back one at a time (a download never holds the file). CSV is stored uncompressed (EXTERNAL):
-- the pieces are written once and read sequentially, compressing them would only cost CPU on both sides.
CREATE TABLE statement_chunks (
    statement_id  uuid    NOT NULL REFERENCES statements (id) ON DELETE CASCADE,
    seq           int     NOT NULL CHECK (seq >= 0),
    data          bytea   NOT NULL,
    PRIMARY KEY (statement_id, seq)
);
ALTER TABLE statement_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

-- A statement reads one balance's entries in created_at order (the period) and sums those before it (the opening
-- balance): both walk this index (the sum index-only, thanks to INCLUDE).
CREATE INDEX balance_entries_statement ON balance_entries (account_id, currency, created_at, id) INCLUDE (amount);
