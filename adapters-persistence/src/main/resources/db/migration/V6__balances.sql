-- Merchant money (platform.md section 9, section 10 first bullet): the payment balance of every Team per currency,
-- its ledger, the Team tier limits and their daily counters, and the index of the transactions list.

-- One payment balance per Team and currency (separate from the KES service wallet). `available` is the sum of the
-- ledger entries; `reserved` is what withdrawals not yet final hold. Both only move by one conditional UPDATE.
CREATE TABLE payment_balances (
    account_id  bigint        NOT NULL REFERENCES accounts (id),
    currency    char(3)       NOT NULL,
    available   numeric(19,2) NOT NULL DEFAULT 0 CHECK (available >= 0),
    reserved    numeric(19,2) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    updated_at  timestamptz   NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, currency)
);

-- The ledger. `amount` is signed (collections, releases and positive adjustments add; reserves and negative
-- adjustments take away); `available_after` is the balance right after the entry, never negative.
-- A withdrawal_reserve entry carries the reservation's fate (`settled`: null while the withdrawal is not final,
-- then 'released' or 'consumed'), moved once by one conditional UPDATE.
CREATE TABLE balance_entries (
    id                     bigserial     PRIMARY KEY,
    account_id             bigint        NOT NULL,
    currency               char(3)       NOT NULL,
    type                   text          NOT NULL CHECK (type IN ('collection', 'withdrawal_reserve',
                                                                  'withdrawal_release', 'adjustment')),
    amount                 numeric(19,2) NOT NULL CHECK (amount <> 0),
    available_after        numeric(19,2) NOT NULL CHECK (available_after >= 0),
    payment_id             bigint        REFERENCES payments (id),
    transaction_reference  text,
    reference              text,
    reason                 text,
    settled                text          CHECK (settled IN ('released', 'consumed')),
    created_at             timestamptz   NOT NULL DEFAULT now(),
    FOREIGN KEY (account_id, currency) REFERENCES payment_balances (account_id, currency),
    CHECK ((type = 'adjustment') = (reference IS NOT NULL)),
    CHECK ((type = 'adjustment') = (payment_id IS NULL)),
    CHECK (settled IS NULL OR type = 'withdrawal_reserve')
);

-- A payment moves each kind of entry at most once: a replayed worker, a second replica or a retry after kill -9
-- waits on this index and then inserts nothing.
CREATE UNIQUE INDEX balance_entries_payment_type ON balance_entries (payment_id, type) WHERE payment_id IS NOT NULL;
-- An adjustment reference applies once per balance.
CREATE UNIQUE INDEX balance_entries_adjustment_reference ON balance_entries (account_id, currency, reference)
    WHERE type = 'adjustment';
-- Entries page: newest first per balance.
CREATE INDEX balance_entries_account_currency ON balance_entries (account_id, currency, id DESC);

-- Team tier limits, shared by every replica: one row per KYC tier, a null column is "no limit".
CREATE TABLE tier_limits (
    kyc_tier              int     PRIMARY KEY CHECK (kyc_tier BETWEEN 0 AND 3),
    withdrawal_daily_usd  numeric CHECK (withdrawal_daily_usd >= 0),
    collection_daily_usd  numeric CHECK (collection_daily_usd >= 0),
    updated_at            timestamptz NOT NULL DEFAULT now()
);

-- What a Team has accepted (and not seen fail) per UTC day and request_type, in USD: judged and counted by one
-- conditional UPDATE at acceptance, given back when the payment fails.
CREATE TABLE team_daily_usage (
    account_id    bigint        NOT NULL REFERENCES accounts (id),
    day           date          NOT NULL,
    request_type  text          NOT NULL CHECK (request_type IN ('payment', 'withdrawal')),
    total_usd     numeric(19,2) NOT NULL DEFAULT 0 CHECK (total_usd >= 0),
    PRIMARY KEY (account_id, day, request_type)
);

-- Which payment was counted on which day's counter, so that a failure gives it back exactly once.
CREATE TABLE payment_limit_counts (
    payment_id    bigint        PRIMARY KEY REFERENCES payments (id),
    account_id    bigint        NOT NULL,
    day           date          NOT NULL,
    request_type  text          NOT NULL,
    amount_usd    numeric(19,2) NOT NULL,
    released      boolean       NOT NULL DEFAULT false
);

-- Transactions list: newest first per merchant, keyset over (created_at, id); the filtered variants keep a rare
-- status or provider from walking the merchant's whole history.
CREATE INDEX payments_account_created ON payments (account_id, created_at DESC, id DESC);
CREATE INDEX payments_account_status_created ON payments (account_id, status, created_at DESC, id DESC);
CREATE INDEX payments_account_provider_created ON payments (account_id, provider, created_at DESC, id DESC);
-- `incoming` of GET /balances: the collections not yet final, summed per currency.
CREATE INDEX payments_account_incoming ON payments (account_id, currency) INCLUDE (amount)
    WHERE request_type = 'payment' AND status IN ('queued', 'pending');
