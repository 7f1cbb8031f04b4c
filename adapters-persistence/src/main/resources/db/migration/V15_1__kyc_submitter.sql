-- platform.md section 10: an account_kyc.* event belongs to the merchant whose credential submitted the submission,
-- whichever Team of its organization the submission is for. Older records: the Team itself (the previous rule).
ALTER TABLE account_kycs ADD COLUMN submitted_by_account_id bigint REFERENCES accounts (id);
