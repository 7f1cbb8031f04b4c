-- Fair claiming (docs/payouts.md "Processing and completion", docs/architecture.md "Fair claiming"): the payment
-- workers take due payments round-robin by merchant, so one merchant's 10,000-item payout batch cannot hold back
-- another merchant's payment. The claim finds the merchants with a due payment by walking this index one merchant at a
-- time (a loose index scan), then reads each merchant's oldest due payments from it, in due order, up to a round's
-- pool: its cost follows the merchants with due payments and the round's size, not the number of due payments.
CREATE INDEX payments_due_by_account ON payments (account_id, next_check_at, id)
    WHERE status IN ('queued', 'pending') AND next_check_at IS NOT NULL;
