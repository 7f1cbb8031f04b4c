-- Foundation: organizations, users, Teams (accounts) and their members, merchant credentials,
-- service wallets with their ledger, invitations, payment-provider assignments.

CREATE TABLE organizations (
    id          bigserial PRIMARY KEY,
    name        text        NOT NULL,
    kyc_tier    integer     NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
    id              bigserial PRIMARY KEY,
    organization_id bigint REFERENCES organizations(id),
    first_name      text,
    last_name       text,
    email           text,
    phone_number    text,
    username        text        NOT NULL UNIQUE,
    is_admin        boolean     NOT NULL DEFAULT false,
    status          text        NOT NULL DEFAULT 'active',
    is_pin_set      boolean     NOT NULL DEFAULT false,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_org_email ON users (organization_id, lower(email)) WHERE email IS NOT NULL;

CREATE TABLE accounts (
    id                         bigserial PRIMARY KEY,
    organization_id            bigint      NOT NULL REFERENCES organizations(id),
    uuid                       text        NOT NULL UNIQUE,
    name                       text        NOT NULL,
    description                text,
    currency                   text        NOT NULL,
    dial_code                  text,
    number                     text,
    email                      text,
    status                     text        NOT NULL DEFAULT 'active',
    account_type               text        NOT NULL DEFAULT 'merchant',
    kyc_tier                   integer     NOT NULL DEFAULT 0,
    kyc_verified               boolean     NOT NULL DEFAULT false,
    logo                       text,
    theme_color                text,
    payment_note               text,
    notify_amount              bigint,
    identity_checks_available  boolean     NOT NULL DEFAULT true,
    webhook_secret             text        NOT NULL,
    created_by                 bigint REFERENCES users(id),
    deleted_at                 timestamptz,
    created_at                 timestamptz NOT NULL DEFAULT now(),
    updated_at                 timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_org ON accounts (organization_id);

CREATE TABLE roles (
    id   integer PRIMARY KEY,
    name text NOT NULL UNIQUE
);
INSERT INTO roles (id, name) VALUES (1, 'owner'), (2, 'admin'), (3, 'member'), (4, 'viewer');

CREATE TABLE account_members (
    account_id bigint      NOT NULL REFERENCES accounts(id),
    user_id    bigint      NOT NULL REFERENCES users(id),
    role_id    integer     NOT NULL REFERENCES roles(id),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (account_id, user_id)
);
CREATE INDEX account_members_user ON account_members (user_id);

-- Merchant API credentials: the secret is a random 32-byte key, stored only as its SHA-256.
CREATE TABLE credentials (
    username     text PRIMARY KEY,
    secret_hash  bytea       NOT NULL,
    account_id   bigint      NOT NULL REFERENCES accounts(id),
    user_id      bigint      NOT NULL REFERENCES users(id),
    revoked_at   timestamptz,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credentials_account ON credentials (account_id);

-- Service wallet: the balance is the sum of the ledger; it changes only through one conditional statement.
CREATE TABLE service_wallets (
    account_id  bigint PRIMARY KEY REFERENCES accounts(id),
    currency    text          NOT NULL DEFAULT 'KES',
    balance     numeric(19,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
    updated_at  timestamptz   NOT NULL DEFAULT now()
);

CREATE TABLE wallet_entries (
    id          bigserial PRIMARY KEY,
    account_id  bigint        NOT NULL REFERENCES service_wallets(account_id),
    kind        text          NOT NULL,            -- credit | charge | refund
    amount      numeric(19,2) NOT NULL,            -- signed: credits and refunds positive, charges negative
    reference   text          NOT NULL,
    balance_after numeric(19,2) NOT NULL,
    created_at  timestamptz   NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wallet_entries_credit_ref ON wallet_entries (account_id, reference) WHERE kind = 'credit';
CREATE INDEX wallet_entries_account ON wallet_entries (account_id, id);

CREATE TABLE invitations (
    id                    bigserial PRIMARY KEY,
    token_hash            bytea       NOT NULL UNIQUE,
    organization_id       bigint      NOT NULL REFERENCES organizations(id),
    account_id            bigint      NOT NULL REFERENCES accounts(id),
    email                 text        NOT NULL,
    phone_number          text,
    role_id               integer     NOT NULL REFERENCES roles(id),
    assigned_account_ids  bigint[]    NOT NULL DEFAULT '{}',
    invited_by            bigint      NOT NULL REFERENCES users(id),
    status                text        NOT NULL DEFAULT 'pending', -- pending | accepted
    expires_at            timestamptz NOT NULL,
    accepted_user_id      bigint REFERENCES users(id),
    accepted_at           timestamptz,
    created_at            timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_payment_providers (
    account_id    bigint NOT NULL REFERENCES accounts(id),
    provider_code text   NOT NULL,
    PRIMARY KEY (account_id, provider_code)
);
