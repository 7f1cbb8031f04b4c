-- Fewer index entries per payment (issue 37, docs/performance.md "Nine index entries fewer per payment").
-- A payment row is written five times in its life (the insert, two claims, two status writes), none of them HOT, and
-- each write adds an entry to every index whose predicate the new row meets.
--
-- payments_due (next_check_at, over open payments) is read by no claim the workers run: the fair claim reads
-- payments_due_by_account (ClaimDuePlanTest even forbade payments_due in its plan, where the planner had once chosen
-- it over the index made for the read), and the backlog gauge counts the same rows from payments_due_by_account.
-- It cost four entries per payment (the insert, both claims and the write to pending).
DROP INDEX payments_due;

-- Only a hosted card checkout has a token; every other payment's NULL had its own entry in the unique index, once per
-- write. A partial unique index keeps tokens unique and the lookup by token (checkout_token = :token implies it is not
-- null) on the index, and leaves the others out.
ALTER TABLE payments DROP CONSTRAINT payments_checkout_token_key;
CREATE UNIQUE INDEX payments_checkout_token ON payments (checkout_token) WHERE checkout_token IS NOT NULL;
