-- Merchant API keys with scopes (platform.md section 19). A key is a credential (its secret's SHA-256 in
-- `credentials`, revoked there like any credential) plus this row: its public id, the merchant's label, its scopes
-- and expiry, and when it was last used (written at most once a minute). A credential without a row here is not a
-- key and holds every scope. The foreign key is checked at commit: the credential row is written by its own store
-- (Hibernate flushes it at commit) in the same transaction.
CREATE TABLE api_keys (
    key_id       text PRIMARY KEY CHECK (key_id ~ '^key_[0-9a-f]{24}$'),
    username     text        NOT NULL UNIQUE REFERENCES credentials(username) DEFERRABLE INITIALLY DEFERRED,
    account_id   bigint      NOT NULL REFERENCES accounts(id),
    created_by   bigint      NOT NULL REFERENCES users(id),
    name         text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    scopes       text[]      NOT NULL CHECK (cardinality(scopes) > 0),
    expires_at   timestamptz,
    last_used_at timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_account ON api_keys (account_id, created_at DESC);
