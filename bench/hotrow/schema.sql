-- pgbench shapes of issue 18: one merchant (account 1) debited by every client.
DROP TABLE IF EXISTS hb_entries, hb_lookups, hb_wallet, hb_slots;
CREATE TABLE hb_wallet (account_id bigint PRIMARY KEY, balance numeric(19,2) NOT NULL CHECK (balance >= 0));
CREATE TABLE hb_slots (account_id bigint NOT NULL, slot int NOT NULL,
                       balance numeric(19,2) NOT NULL CHECK (balance >= 0), PRIMARY KEY (account_id, slot));
CREATE TABLE hb_entries (id bigserial PRIMARY KEY, account_id bigint NOT NULL, kind text NOT NULL,
                         amount numeric(19,2) NOT NULL, reference text NOT NULL, balance_after numeric(19,2) NOT NULL,
                         created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON hb_entries (account_id, id);
CREATE TABLE hb_lookups (id bigserial PRIMARY KEY, lookup_id text NOT NULL UNIQUE, account_id bigint NOT NULL,
                         payload text, created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO hb_wallet VALUES (1, 100000000);
INSERT INTO hb_slots SELECT 1, s, 100000000 / :slots FROM generate_series(0, :slots - 1) s;
