-- Compliance screening (platform.md section 20): list versions and their entries, billed screens, cases.

CREATE TABLE screening_lists (
    id                   bigserial    PRIMARY KEY,
    name                 text         NOT NULL,
    version              integer      NOT NULL CHECK (version >= 1),
    format               text         NOT NULL CHECK (format IN ('ofac_sdn_xml', 'un_consolidated_xml', 'csv')),
    entry_count          integer      NOT NULL CHECK (entry_count >= 0),
    loaded_at            timestamptz  NOT NULL,
    -- the look-back of this version: the last beneficiary id screened, done when every one was
    lookback_after_id    bigint       NOT NULL DEFAULT 0,
    lookback_done_at     timestamptz,
    UNIQUE (name, version)
);

CREATE INDEX screening_lists_lookback_pending ON screening_lists (id) WHERE lookback_done_at IS NULL;

CREATE TABLE screening_entries (
    list_id     bigint   NOT NULL REFERENCES screening_lists (id),
    entry_id    text     NOT NULL,
    type        text     NOT NULL CHECK (type IN ('person', 'organization')),
    name        text     NOT NULL,
    aliases     text[]   NOT NULL,
    birth_year  integer,
    countries   text[]   NOT NULL,
    PRIMARY KEY (list_id, entry_id)
);

CREATE TABLE screening_screens (
    screen_id         text          PRIMARY KEY,
    account_id        bigint        NOT NULL REFERENCES accounts (id),
    verdict           text          NOT NULL CHECK (verdict IN ('clear', 'potential_match')),
    hits              jsonb         NOT NULL,
    charged_amount    numeric(14,2) NOT NULL CHECK (charged_amount >= 0),
    charge_status     text          NOT NULL CHECK (charge_status IN ('charged', 'free')),
    charge_reference  text,
    created_at        timestamptz   NOT NULL
);

CREATE INDEX screening_screens_account ON screening_screens (account_id, created_at DESC);

CREATE TABLE screening_cases (
    id           text         PRIMARY KEY,
    account_id   bigint       NOT NULL REFERENCES accounts (id),
    -- keyed hash of the merchant, the normalised name and the account number: never the number itself
    subject_key  text         NOT NULL,
    subject      jsonb        NOT NULL,
    hits         jsonb        NOT NULL,
    status       text         NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'cleared', 'confirmed')),
    created_at   timestamptz  NOT NULL,
    decided_by   text,
    decided_at   timestamptz,
    note         text,
    CHECK ((status = 'open') = (decided_at IS NULL)),
    CHECK (status = 'open' OR (decided_by IS NOT NULL AND note IS NOT NULL))
);

-- one open case per subject and merchant: a second hit while it is open keeps the first
CREATE UNIQUE INDEX screening_cases_one_open ON screening_cases (account_id, subject_key) WHERE status = 'open';
CREATE INDEX screening_cases_subject ON screening_cases (account_id, subject_key);
CREATE INDEX screening_cases_by_status ON screening_cases (status, created_at DESC);
