-- Refunds against a succeeded collection (platform.md section 15, issue 29).

-- One row per refund; the row is also its processing job (next_check_at: when a worker should look at it next;
-- claimed_until / claimed_by: a worker's lease while it talks to the provider; submitted_at: once set the refund is
-- only ever looked up at the provider, never sent again).
CREATE TABLE refunds (
    id                  bigserial     PRIMARY KEY,
    account_id          bigint        NOT NULL REFERENCES accounts (id),
    payment_id          bigint        NOT NULL REFERENCES payments (id),
    refund_reference    text          NOT NULL,
    merchant_reference  text          NOT NULL,
    amount              numeric(19,2) NOT NULL CHECK (amount > 0),
    currency            char(3)       NOT NULL,
    reason              text,
    status              text          NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    failure_reason      text,
    provider_reference  text,
    checks              int           NOT NULL DEFAULT 0,
    next_check_at       timestamptz,
    claimed_until       timestamptz,
    claimed_by          text,
    submitted_at        timestamptz,
    created_at          timestamptz   NOT NULL,
    updated_at          timestamptz   NOT NULL,
    completed_at        timestamptz,
    UNIQUE (account_id, refund_reference),
    CHECK ((status = 'pending') = (completed_at IS NULL)),
    CHECK (status <> 'failed' OR failure_reason IS NOT NULL)
);

-- The refund state machine, as the domain's RefundStatus table says: pending -> succeeded | failed, nothing leaves
-- a final status. Any other move of `status` is refused by the database itself.
CREATE FUNCTION refunds_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status
       AND NOT (OLD.status = 'pending' AND NEW.status IN ('succeeded', 'failed')) THEN
        RAISE EXCEPTION 'illegal refund transition: % -> %', OLD.status, NEW.status USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER refunds_status_transition BEFORE UPDATE OF status ON refunds
    FOR EACH ROW EXECUTE FUNCTION refunds_status_transition();

CREATE INDEX refunds_due ON refunds (next_check_at) WHERE status = 'pending' AND next_check_at IS NOT NULL;
CREATE INDEX refunds_account_created ON refunds (account_id, created_at DESC, id DESC);
CREATE INDEX refunds_payment_created ON refunds (payment_id, created_at DESC, id DESC);

-- What each refunded collection has given back: `held` = its refunds not failed (judged against `collected` under
-- this row's lock when a refund is accepted), `refunded` = its succeeded refunds (the transaction's
-- refunded_amount). The CHECKs keep both inside the collected amount whatever the code does.
CREATE TABLE refund_totals (
    payment_id  bigint        PRIMARY KEY REFERENCES payments (id),
    account_id  bigint        NOT NULL,
    collected   numeric(19,2) NOT NULL CHECK (collected > 0),
    held        numeric(19,2) NOT NULL DEFAULT 0 CHECK (held >= 0),
    refunded    numeric(19,2) NOT NULL DEFAULT 0 CHECK (refunded >= 0),
    CHECK (held <= collected),
    CHECK (refunded <= held)
);

-- The payment-balance ledger learns the refund's entries. A refund's entries point at the refund (one entry of each
-- type per refund, as a payment's) and at its collection.
ALTER TABLE balance_entries ADD COLUMN refund_id bigint REFERENCES refunds (id);
ALTER TABLE balance_entries DROP CONSTRAINT balance_entries_type_check;
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_type_check CHECK (type IN ('collection',
    'withdrawal_reserve', 'withdrawal_release', 'adjustment', 'refund_reserve', 'refund_release'));
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_refund_type
    CHECK ((type IN ('refund_reserve', 'refund_release')) = (refund_id IS NOT NULL));
-- the reservation's fate and slot: a refund_reserve entry carries them as a withdrawal_reserve does
DO $$
DECLARE c record;
BEGIN
    FOR c IN SELECT conname FROM pg_constraint
             WHERE conrelid = 'balance_entries'::regclass AND contype = 'c'
               AND pg_get_constraintdef(oid) LIKE '%settled IS NULL%' LOOP
        EXECUTE format('ALTER TABLE balance_entries DROP CONSTRAINT %I', c.conname);
    END LOOP;
END $$;
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_settled_type
    CHECK (settled IS NULL OR type IN ('withdrawal_reserve', 'refund_reserve'));
ALTER TABLE balance_entries DROP CONSTRAINT balance_entries_reserve_slot;
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_reserve_slot
    CHECK ((type IN ('withdrawal_reserve', 'refund_reserve')) = (slot IS NOT NULL));
-- a payment's own entries stay one per type; a refund's are one per type per refund
DROP INDEX balance_entries_payment_type;
CREATE UNIQUE INDEX balance_entries_payment_type ON balance_entries (payment_id, type)
    WHERE payment_id IS NOT NULL AND refund_id IS NULL;
CREATE UNIQUE INDEX balance_entries_refund_type ON balance_entries (refund_id, type) WHERE refund_id IS NOT NULL;
