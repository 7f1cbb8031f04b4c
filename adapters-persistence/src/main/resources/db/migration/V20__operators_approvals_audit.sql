-- platform.md section 18: named operators with roles, four-eyes approvals, the append-only audit log.

-- Operators: the bootstrap login `operator` (admin) is written at every start with MIZANI_OPERATOR_PASSWORD's hash.
CREATE TABLE operators (
    id          bigserial PRIMARY KEY,
    username    text        NOT NULL,
    role        text        NOT NULL CHECK (role IN ('admin', 'finance', 'compliance', 'support')),
    secret_hash bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    deleted_at  timestamptz
);
CREATE UNIQUE INDEX operators_live_username ON operators (username) WHERE deleted_at IS NULL;

-- Approvals: decided once, by a conditional update of the row (pending -> approved | rejected).
CREATE TABLE approvals (
    id           bigserial PRIMARY KEY,
    kind         text        NOT NULL CHECK (kind IN ('balance_adjustment', 'service_wallet_credit')),
    status       text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    account_id   bigint      NOT NULL,
    request_key  text        NOT NULL,
    request      text        NOT NULL,
    requested_by text        NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    decided_by   text,
    decided_at   timestamptz,
    result       text,
    CHECK ((status = 'pending') = (decided_at IS NULL))
);
-- a repeated request (same kind, Team and reference) while one is pending finds the pending one
CREATE UNIQUE INDEX approvals_one_pending ON approvals (kind, account_id, request_key) WHERE status = 'pending';
CREATE INDEX approvals_by_status ON approvals (status, id DESC);

-- The audit log: one row per event, numbered and hash-chained under the lock of its head row.
CREATE TABLE audit_head (
    id           int  PRIMARY KEY CHECK (id = 1),
    last_seq     bigint NOT NULL,
    last_hash    text   NOT NULL,
    sandbox_salt text   NOT NULL
);
INSERT INTO audit_head (id, last_seq, last_hash, sandbox_salt)
VALUES (1, 0, repeat('0', 64), md5(random()::text || clock_timestamp()::text) || md5(random()::text || txid_current()::text));

CREATE TABLE audit_events (
    seq            bigint PRIMARY KEY,
    at             timestamptz NOT NULL,
    actor_type     text NOT NULL CHECK (actor_type IN ('operator', 'merchant', 'system')),
    actor_id       text,
    actor_username text,
    action         text NOT NULL,
    target_type    text,
    target_id      text,
    outcome        text NOT NULL CHECK (outcome IN ('succeeded', 'refused')),
    request_id     text,
    source_ip      text,
    details        text NOT NULL,
    prev_hash      text NOT NULL,
    hash           text NOT NULL
);
CREATE INDEX audit_events_actor ON audit_events (actor_username, seq DESC);
CREATE INDEX audit_events_action ON audit_events (action, seq DESC);
CREATE INDEX audit_events_target ON audit_events (target_type, target_id, seq DESC);
CREATE INDEX audit_events_at ON audit_events (at);

-- Append-only: the service's role cannot change or remove an event.
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
