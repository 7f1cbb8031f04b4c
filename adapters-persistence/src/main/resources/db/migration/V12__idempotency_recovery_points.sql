-- Idempotency keys completed atomically with the business change (platform.md section 8, docs/payment.md
-- "Idempotency"): the request's own transaction records which resource its key created (the recovery point), so a
-- retry of a key whose request died after its commit answers that resource instead of running the request again.
-- lease_token names the request holding an in-flight key; a recovery point is written only under the current token,
-- so a request whose key was taken over cannot commit its business change as well.
ALTER TABLE idempotency_keys
    ADD COLUMN lease_token   text,
    ADD COLUMN recovery_kind text,
    ADD COLUMN recovery_ref  text;
