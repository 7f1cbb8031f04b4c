-- Per-payment worker leases and the hosted checkout's expiry.
-- claimed_until / claimed_by: a worker holds one payment for a short lease while it talks to the provider;
-- nobody else claims that payment until the lease has run out or the worker released it.
-- submitted_at: when the first request was handed to the provider; once set, a worker only ever queries the
-- provider about this payment, it never sends the request again (its answer may simply have been lost).
ALTER TABLE payments
    ADD COLUMN claimed_until timestamptz,
    ADD COLUMN claimed_by    text,
    ADD COLUMN submitted_at  timestamptz;

-- A payment already pending was submitted before this migration.
UPDATE payments SET submitted_at = COALESCE(pending_since, created_at) WHERE status <> 'queued';
