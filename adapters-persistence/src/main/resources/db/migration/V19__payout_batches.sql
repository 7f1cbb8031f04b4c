-- Payee confirmation and payout batches (issue 30, platform.md section 16).

-- A withdrawal sent with payment_config.payee_check carries what the check found (both null when it was off).
ALTER TABLE payments
    ADD COLUMN payee_check_status text CHECK (payee_check_status IN ('resolved', 'not_found', 'unsupported',
                                                                      'unavailable')),
    ADD COLUMN payee_check_score  int  CHECK (payee_check_score BETWEEN 0 AND 100),
    ADD CONSTRAINT payments_payee_check_score CHECK (payee_check_score IS NULL OR payee_check_status = 'resolved');

-- A Team's payout batch. While it awaits approval its validated items are kept as payment drafts in `drafts` (one
-- sealed JSON text: they hold account numbers and phone numbers); approval turns them into payments of the batch
-- (payments.payout_batch_id) and drops the drafts, as does a cancellation. `open_items` counts the batch's payments
-- not yet final, moved down by one conditional UPDATE as each becomes final; the last one completes the batch.
CREATE TABLE payout_batches (
    id               bigserial   PRIMARY KEY,
    account_id       bigint      NOT NULL REFERENCES accounts (id),
    batch_reference  text        NOT NULL CHECK (length(batch_reference) BETWEEN 1 AND 128),
    callback_url     text        NOT NULL,
    status           text        NOT NULL CHECK (status IN ('awaiting_approval', 'processing', 'completed',
                                                            'cancelled')),
    item_count       int         NOT NULL CHECK (item_count BETWEEN 1 AND 10000),
    total_amount     jsonb       NOT NULL,
    total_fees       jsonb       NOT NULL,
    drafts           text,
    open_items       int         NOT NULL DEFAULT 0 CHECK (open_items >= 0),
    created_by       bigint      NOT NULL REFERENCES users (id),
    approved_by      bigint      REFERENCES users (id),
    created_at       timestamptz NOT NULL DEFAULT now(),
    approved_at      timestamptz,
    cancelled_at     timestamptz,
    completed_at     timestamptz,
    UNIQUE (account_id, batch_reference),
    CHECK ((status = 'awaiting_approval') = (drafts IS NOT NULL)),
    CHECK ((status IN ('processing', 'completed')) = (approved_by IS NOT NULL)),
    CHECK (approved_by IS NULL OR approved_by <> created_by)
);

ALTER TABLE payments ADD COLUMN payout_batch_id bigint REFERENCES payout_batches (id);
-- A batch's items in the batch's order, optionally by status.
CREATE INDEX payments_payout_batch ON payments (payout_batch_id, id) WHERE payout_batch_id IS NOT NULL;
