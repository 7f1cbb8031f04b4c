-- Identifiers at rest (platform.md section 11): beneficiary phone, ID, additional ID (BVN) and account numbers are
-- stored sealed by the application as text 'pii:<key id>:<base64 AES-GCM>' (see SealedText), so the columns become
-- text (a sealed value is longer than the old varchar limits). What must be unique or searched is matched through a
-- keyed hash (HMAC under MIZANI_PII_KEY) in its own column. Rows written before this version are sealed by the
-- application at start (IdentifierSealing, under an advisory lock): the key is only known at runtime.

-- the trigram search text no longer carries the phone (dropping the column drops its index; recreated below)
ALTER TABLE beneficiaries DROP COLUMN search_text;

ALTER TABLE beneficiaries
    ALTER COLUMN phone_number TYPE text,
    ALTER COLUMN national_id TYPE text,
    ALTER COLUMN additional_id_number TYPE text,
    ALTER COLUMN account_number TYPE text,
    ADD COLUMN national_id_hash text,
    ADD COLUMN phone_hash text;

-- id_number is unique per account among live beneficiaries: through its keyed hash (sealed values never repeat)
DROP INDEX beneficiaries_account_national_id_key;
CREATE UNIQUE INDEX beneficiaries_account_national_id_hash_key
    ON beneficiaries (account_id, national_id_hash) WHERE deleted_at IS NULL AND national_id_hash IS NOT NULL;

-- term matches a phone number exactly, through its keyed hash
CREATE INDEX beneficiaries_account_phone_hash_idx
    ON beneficiaries (account_id, phone_hash) WHERE deleted_at IS NULL AND phone_hash IS NOT NULL;

-- term's substring search: names, email and external reference (identifiers are matched whole, above)
ALTER TABLE beneficiaries ADD COLUMN search_text text GENERATED ALWAYS AS (lower(
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
    coalesce(email, '') || ' ' || coalesce(external_reference, ''))) STORED;
CREATE INDEX beneficiaries_account_search_trgm_idx
    ON beneficiaries USING gin (account_id, search_text gin_trgm_ops) WHERE deleted_at IS NULL;
