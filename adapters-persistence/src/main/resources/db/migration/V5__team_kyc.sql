-- Team KYC submissions (one per Team). Nested objects of the account_kyc record are jsonb.
CREATE TABLE account_kycs (
    id                       bigserial PRIMARY KEY,
    account_id               bigint      NOT NULL REFERENCES accounts(id),
    entity_type              text        CHECK (entity_type IN ('individual', 'business')),
    status                   text        NOT NULL CHECK (status IN ('pending', 'in_review', 'approved', 'rejected')),
    country_code             text,
    country                  text,
    kyc_tier                 integer     CHECK (kyc_tier BETWEEN 0 AND 4),
    notes                    text,
    contact_information      jsonb,
    entity_information       jsonb,
    account_information      jsonb,
    upgrade_information      jsonb       NOT NULL,
    upgrade_status           text        CHECK (upgrade_status IN ('pending', 'approved', 'rejected')),
    verification_information jsonb,
    review_information       jsonb,
    created_at               timestamptz NOT NULL,
    updated_at               timestamptz NOT NULL,
    CONSTRAINT account_kycs_one_per_account UNIQUE (account_id)
);

CREATE INDEX account_kycs_queue_idx ON account_kycs (status, created_at, id);
CREATE INDEX account_kycs_upgrade_queue_idx ON account_kycs (upgrade_status, created_at, id)
    WHERE upgrade_status IS NOT NULL;
