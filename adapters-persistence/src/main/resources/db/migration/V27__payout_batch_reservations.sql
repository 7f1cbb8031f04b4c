-- A large payout batch approved in one short transaction (issue 30, docs/adr/0008-batch-reservation.md): the
-- approval reserves the batch's total per currency as ONE balance reservation tied to the batch
-- (`payout_batch_reserve`); a background materialiser then turns the batch's drafts into payments, and in the same
-- transaction writes their own `withdrawal_reserve` entries and moves the batch's reservation to them (the batch
-- reserve entry settled 'moved', a `payout_batch_release` entry giving its amount back to the same balance). The
-- reserved money stays in its slot throughout: reserved = open item reservations + open batch reservations.

-- What approval needs of every item, in the batch's order, kept in clear when the batch is created so the sealed
-- drafts need not be opened at approval (none of it is an identifier): the amount in USD (the tier limit), the
-- currency and beneficiary (the tier-0 envelope) and the merchant's reference (already used?).
ALTER TABLE payout_batches
    ADD COLUMN item_usd           numeric[],
    ADD COLUMN item_currencies    text[],
    ADD COLUMN item_beneficiaries bigint[],
    ADD COLUMN item_references    text[],
    -- set when the drafts of an approved batch became payments (at approval for a small batch, later for a large one)
    ADD COLUMN materialised_at    timestamptz;

-- The drafts stay on an approved batch until it is materialised: awaiting approval always has them, processing may
-- still (not yet materialised), completed and cancelled never.
DO $$
DECLARE c record;
BEGIN
    FOR c IN SELECT conname FROM pg_constraint
             WHERE conrelid = 'payout_batches'::regclass AND contype = 'c'
               AND pg_get_constraintdef(oid) LIKE '%drafts IS NOT NULL%' LOOP
        EXECUTE format('ALTER TABLE payout_batches DROP CONSTRAINT %I', c.conname);
    END LOOP;
END $$;
ALTER TABLE payout_batches ADD CONSTRAINT payout_batches_drafts
    CHECK (CASE status WHEN 'awaiting_approval' THEN drafts IS NOT NULL
                       WHEN 'processing' THEN (drafts IS NULL) = (materialised_at IS NOT NULL)
                       ELSE drafts IS NULL END);
UPDATE payout_batches SET materialised_at = approved_at WHERE approved_at IS NOT NULL;
-- approved batches whose drafts are still to be materialised, oldest approval first (the materialiser's claim)
CREATE INDEX payout_batches_to_materialise ON payout_batches (approved_at)
    WHERE status = 'processing' AND drafts IS NOT NULL;

-- The ledger learns the batch's reservation: two entry types tied to the batch, one of each per batch and currency.
ALTER TABLE balance_entries ADD COLUMN payout_batch_id bigint REFERENCES payout_batches (id);
ALTER TABLE balance_entries DROP CONSTRAINT balance_entries_type_check;
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_type_check CHECK (type IN ('collection',
    'withdrawal_reserve', 'withdrawal_release', 'adjustment', 'refund_reserve', 'refund_release',
    'payout_batch_reserve', 'payout_batch_release'));
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_batch_type
    CHECK ((type IN ('payout_batch_reserve', 'payout_batch_release')) = (payout_batch_id IS NOT NULL));
DO $$
DECLARE c record;
BEGIN
    FOR c IN SELECT conname FROM pg_constraint
             WHERE conrelid = 'balance_entries'::regclass AND contype = 'c'
               AND (pg_get_constraintdef(oid) LIKE '%payment_id IS NULL%'
                    OR pg_get_constraintdef(oid) LIKE '%settled IS NULL%') LOOP
        EXECUTE format('ALTER TABLE balance_entries DROP CONSTRAINT %I', c.conname);
    END LOOP;
END $$;
-- a batch's entries belong to no payment, as an adjustment's
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_payment
    CHECK ((type IN ('adjustment', 'payout_batch_reserve', 'payout_batch_release')) = (payment_id IS NULL));
-- a batch reservation's fate: 'moved' to its items' own reservations
ALTER TABLE balance_entries DROP CONSTRAINT IF EXISTS balance_entries_settled_check;
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_settled
    CHECK (CASE WHEN settled IS NULL THEN true
                WHEN type IN ('withdrawal_reserve', 'refund_reserve') THEN settled IN ('released', 'consumed')
                WHEN type = 'payout_batch_reserve' THEN settled = 'moved'
                ELSE false END);
ALTER TABLE balance_entries DROP CONSTRAINT balance_entries_reserve_slot;
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_reserve_slot
    CHECK ((type IN ('withdrawal_reserve', 'refund_reserve', 'payout_batch_reserve')) = (slot IS NOT NULL));
CREATE UNIQUE INDEX balance_entries_batch_type ON balance_entries (payout_batch_id, currency, type)
    WHERE payout_batch_id IS NOT NULL;

-- A batch's two entries net to zero once it is materialised (seconds after approval) and are not a client's ledger
-- line: the entries page and statements leave them out (docs/statements.md), so a large batch reads there exactly
-- as a small one, one withdrawal_reserve per item. The statement index carries the column so the opening balance's
-- sum stays an index-only scan.
DROP INDEX balance_entries_statement;
CREATE INDEX balance_entries_statement ON balance_entries (account_id, currency, created_at, id)
    INCLUDE (amount, payout_batch_id);
