-- Failed authentications per client address, shared by every replica (platform.md section 11; docs/operations.md,
-- "Abuse"). One row per address, owned by JdbcFailedAuthentications: the failures of the current window (their
-- times, at most the limit + 1 of them) and the end of the address's block. Updated by one conditional upsert, so
-- concurrent failures on any number of replicas are counted one after another under the row's lock.
CREATE TABLE auth_failures (
    address        text          PRIMARY KEY,
    recent         timestamptz[] NOT NULL DEFAULT '{}',
    blocked_until  timestamptz,
    updated_at     timestamptz   NOT NULL DEFAULT now()
);

-- what every replica reads each second: the addresses blocked now
CREATE INDEX auth_failures_blocked_until ON auth_failures (blocked_until) WHERE blocked_until IS NOT NULL;
