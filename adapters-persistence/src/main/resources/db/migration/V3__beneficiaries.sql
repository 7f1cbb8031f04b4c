-- Beneficiaries: the beneficiary book of every account, its computed KYC level and the tier-0 lifetime counter.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE TABLE beneficiaries (
    id                    bigserial PRIMARY KEY,
    uuid                  uuid          NOT NULL UNIQUE,
    account_id            bigint        NOT NULL REFERENCES accounts(id),
    first_name            varchar(255)  NOT NULL,
    last_name             varchar(255)  NOT NULL,
    surname               varchar(255),
    email                 varchar(255)  NOT NULL,
    phone_number          varchar(32),
    country               char(2)       NOT NULL,
    address               varchar(255),
    date_of_birth         timestamptz,
    national_id           varchar(255),
    id_type               varchar(255),
    additional_id_type    varchar(255),
    additional_id_number  varchar(255),
    gender                varchar(255),
    marital_status        varchar(255),
    account_name          varchar(255),
    account_number        varchar(255),
    account_type          varchar(255),
    external_reference    varchar(255),
    customer_type         varchar(16)   NOT NULL DEFAULT 'retail' CHECK (customer_type IN ('retail', 'institution')),
    kyc_level             varchar(16)   NOT NULL CHECK (kyc_level IN ('tier_0', 'full')),
    tier_0_lifetime_usd   numeric(19,2) NOT NULL DEFAULT 0 CHECK (tier_0_lifetime_usd >= 0),
    is_active             boolean       NOT NULL DEFAULT true,
    created_at            timestamptz   NOT NULL,
    updated_at            timestamptz   NOT NULL,
    deleted_at            timestamptz,
    -- what `term` searches: first name, last name, email, phone and external reference, lower-cased
    search_text           text GENERATED ALWAYS AS (lower(
                              coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' ||
                              coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' ||
                              coalesce(external_reference, ''))) STORED
);

-- external_reference and id_number are unique per account among live (not deleted) beneficiaries
CREATE UNIQUE INDEX beneficiaries_account_external_reference_key
    ON beneficiaries (account_id, external_reference) WHERE deleted_at IS NULL AND external_reference IS NOT NULL;
CREATE UNIQUE INDEX beneficiaries_account_national_id_key
    ON beneficiaries (account_id, national_id) WHERE deleted_at IS NULL AND national_id IS NOT NULL;

-- list: newest first per account, optionally by level; the INCLUDEd flags let the page count run index-only
CREATE INDEX beneficiaries_account_created_idx
    ON beneficiaries (account_id, created_at DESC, id DESC) INCLUDE (is_active, kyc_level) WHERE deleted_at IS NULL;
CREATE INDEX beneficiaries_account_level_created_idx
    ON beneficiaries (account_id, kyc_level, created_at DESC, id DESC) INCLUDE (is_active) WHERE deleted_at IS NULL;

-- term: substring search (LIKE '%term%') over the search text, scoped to the account inside the index (btree_gin
-- puts account_id in the same GIN): with many merchants a common term only visits the caller's matches
CREATE INDEX beneficiaries_account_search_trgm_idx
    ON beneficiaries USING gin (account_id, search_text gin_trgm_ops) WHERE deleted_at IS NULL;
