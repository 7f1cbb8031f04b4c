-- A merchant reference an approved payout batch holds before its payments are stored (a large batch between its
-- approval and its materialisation, docs/adr/0008-batch-reservation.md) is taken: a payment of the same Team with
-- that reference is refused as a reused reference is (SQLSTATE 23505, the detail naming the key as PostgreSQL's own
-- unique violation does), whichever path inserts it (a single payment, another batch). Without it such a payment
-- would be stored, and the batch's materialisation would then meet the unique index on every attempt.
CREATE FUNCTION payment_reference_held() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM payout_batches b
               WHERE b.status = 'processing' AND b.drafts IS NOT NULL AND b.account_id = NEW.account_id
                 AND b.id IS DISTINCT FROM NEW.payout_batch_id AND NEW.merchant_reference = ANY (b.item_references)) THEN
        RAISE EXCEPTION 'duplicate key value violates unique constraint "payments_merchant_reference_held_by_batch"'
            USING ERRCODE = 'unique_violation',
                  DETAIL = format('Key (account_id, merchant_reference)=(%s, %s) already exists.',
                                  NEW.account_id, NEW.merchant_reference);
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER payments_reference_held BEFORE INSERT ON payments
    FOR EACH ROW EXECUTE FUNCTION payment_reference_held();

-- A batch whose materialisation failed (a payment took one of its references in the moment between the approval's
-- check and its commit) is tried again after this time, so the batches approved after it are not held up behind it.
ALTER TABLE payout_batches ADD COLUMN materialise_after timestamptz;
