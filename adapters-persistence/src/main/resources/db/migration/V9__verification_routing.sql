-- Provider routing and identity match (platform.md section 13).

-- The registry's names and date of birth of a result, AES-GCM sealed by the application, so a cached replay can
-- compute its own identity match.
ALTER TABLE verification_lookups ADD COLUMN identity_sealed bytea;

-- The operator's routes: per check the providers to try, in order. Operator-wide (no merchant column).
CREATE TABLE verification_routes (
    check_key text    NOT NULL,
    position  integer NOT NULL CHECK (position >= 1),
    provider  text    NOT NULL,
    PRIMARY KEY (check_key, position),
    UNIQUE (check_key, provider)
);

-- What one call of a check costs the platform at a provider.
CREATE TABLE verification_provider_costs (
    provider  text          NOT NULL,
    check_key text          NOT NULL,
    cost      numeric(19,2) NOT NULL CHECK (cost >= 0),
    PRIMARY KEY (provider, check_key)
);

-- Every provider call of a live check (a check that fell back has several), with what it cost the platform.
CREATE TABLE verification_provider_calls (
    id          bigserial     PRIMARY KEY,
    lookup_id   text          NOT NULL,
    account_id  bigint        NOT NULL,
    check_key   text          NOT NULL,
    provider    text          NOT NULL,
    attempt     integer       NOT NULL CHECK (attempt >= 1),
    outcome     text          NOT NULL CHECK (outcome IN ('verified', 'not_verified', 'unavailable')),
    cause       text          CHECK (cause IN ('down', 'timeout', 'rejected', 'malformed', 'shed')),
    cost        numeric(19,2) NOT NULL CHECK (cost >= 0),
    currency    text          NOT NULL,
    duration_ms integer       NOT NULL,
    created_at  timestamptz   NOT NULL,
    UNIQUE (lookup_id, attempt)
);
CREATE INDEX verification_provider_calls_margin ON verification_provider_calls (provider, check_key, created_at);
