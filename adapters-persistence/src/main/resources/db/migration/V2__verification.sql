-- Verification: merchant settings, calls of checks (tokens, history, cache, charges), idempotency keys.
-- Identifiers are never stored in the clear: identifier_hash is an HMAC, identifier_masked the bulleted form;
-- provider payloads and own provider keys are AES-GCM sealed by the application.

CREATE TABLE verification_settings (
    account_id          bigint      PRIMARY KEY,
    mode                text        NOT NULL CHECK (mode IN ('off', 'platform', 'own_key')),
    provider_key_sealed bytea,
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CHECK (mode <> 'own_key' OR provider_key_sealed IS NOT NULL)
);

CREATE TABLE verification_lookups (
    id                  bigserial     PRIMARY KEY,
    lookup_id           text          NOT NULL UNIQUE,
    account_id          bigint        NOT NULL,
    check_key           text          NOT NULL,
    category            text          NOT NULL,
    country             text          NOT NULL,
    status              text          CHECK (status IN ('verified', 'not_verified', 'error')),
    verification_status text,
    actor_type          text          CHECK (actor_type IN ('C', 'I')),
    subject_name        text,
    identifier_hash     text          NOT NULL,
    identifier_masked   text          NOT NULL,
    cache_key           text          NOT NULL,
    reference           text,
    detail              text,
    response_code       text,
    payload_sealed      bytea,
    source              text          NOT NULL,
    cached              boolean       NOT NULL,
    fetched_at          timestamptz,
    expires_at          timestamptz,
    charged_amount      numeric(19,2) NOT NULL CHECK (charged_amount >= 0),
    charge_currency     text          NOT NULL,
    charge_reference    text,
    charge_status       text          NOT NULL CHECK (charge_status IN ('charged', 'refunded', 'refund_failed', 'free')),
    duration_ms         integer,
    created_at          timestamptz   NOT NULL,
    token_issued        boolean       NOT NULL,
    settled             boolean       NOT NULL,
    refund_attempts     integer       NOT NULL DEFAULT 0,
    refund_retry_at     timestamptz,
    CHECK (settled = (status IS NOT NULL))
);

-- history: newest first per account
CREATE INDEX verification_lookups_history ON verification_lookups (account_id, created_at DESC, id DESC) WHERE settled;
-- cache: the newest live verified result per account, check and normalised input
CREATE INDEX verification_lookups_cache ON verification_lookups (account_id, check_key, cache_key, fetched_at DESC)
    WHERE status = 'verified' AND NOT cached;
-- sweeper: calls stranded in flight, and reversals to retry
CREATE INDEX verification_lookups_in_flight ON verification_lookups (created_at) WHERE NOT settled;
CREATE INDEX verification_lookups_refund_failed ON verification_lookups (refund_retry_at) WHERE charge_status = 'refund_failed';

-- Idempotency-Key (platform.md section 8), shared by every POST annotated @Idempotent.
CREATE TABLE idempotency_keys (
    account_id      bigint      NOT NULL,
    idempotency_key text        NOT NULL,
    fingerprint     text        NOT NULL,
    state           text        NOT NULL CHECK (state IN ('in_flight', 'completed')),
    response_status integer,
    response_body   text,
    created_at      timestamptz NOT NULL,
    locked_at       timestamptz NOT NULL,
    PRIMARY KEY (account_id, idempotency_key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

-- A check's charge and its refund are each recorded once on the foundation's ledger.
-- (check charge references start with chg_; a refund carries the reference of the charge it reverses)
CREATE UNIQUE INDEX wallet_entries_check_charge ON wallet_entries (account_id, reference)
    WHERE kind = 'charge' AND reference LIKE 'chg\_%';
CREATE UNIQUE INDEX wallet_entries_check_refund ON wallet_entries (account_id, reference)
    WHERE kind = 'refund' AND reference LIKE 'chg\_%';
