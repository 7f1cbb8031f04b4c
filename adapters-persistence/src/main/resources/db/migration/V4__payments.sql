-- Payments: the provider/network catalogue (seeded here, editable by operators without a release), payments
-- (each row is also its own processing job: next_check_at), and the durable callback outbox with every attempt.

CREATE TABLE payment_countries (
    code        char(2) PRIMARY KEY,
    name        text    NOT NULL,
    currency    char(3) NOT NULL,
    sort_order  int     NOT NULL DEFAULT 0
);

CREATE TABLE payment_providers (
    code        text    PRIMARY KEY,
    name        text    NOT NULL,
    country     char(2) NOT NULL REFERENCES payment_countries (code),
    rail        text    NOT NULL CHECK (rail IN ('momo', 'bank', 'card')),
    sort_order  int     NOT NULL DEFAULT 0
);

-- One row per network and direction (a "channel"). UNIQUE keeps each network once per ramp_type.
CREATE TABLE payment_networks (
    id            bigserial     PRIMARY KEY,
    provider_code text          NOT NULL REFERENCES payment_providers (code),
    network_id    text          NOT NULL,
    network_name  text          NOT NULL,
    network_code  text          NOT NULL,
    channel_id    text          NOT NULL UNIQUE,
    channel_type  text          NOT NULL CHECK (channel_type IN ('momo', 'bank', 'card')),
    account_type  text          NOT NULL,
    ramp_type     text          NOT NULL CHECK (ramp_type IN ('deposit', 'withdraw')),
    min_amount    numeric(19,2) NOT NULL CHECK (min_amount >= 0),
    max_amount    numeric(19,2) NOT NULL,
    fee           numeric(19,2) NOT NULL CHECK (fee >= 0),
    status        text          NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
    CHECK (max_amount >= min_amount),
    UNIQUE (provider_code, network_id, ramp_type)
);

INSERT INTO payment_countries (code, name, currency, sort_order) VALUES
    ('KE', 'Kenya', 'KES', 1),
    ('NG', 'Nigeria', 'NGN', 2),
    ('GH', 'Ghana', 'GHS', 3),
    ('UG', 'Uganda', 'UGX', 4),
    ('ZA', 'South Africa', 'ZAR', 5);

INSERT INTO payment_providers (code, name, country, rail, sort_order) VALUES
    ('mpesa_ke',    'M-Pesa Kenya',        'KE', 'momo', 1),
    ('airtel_ke',   'Airtel Money Kenya',  'KE', 'momo', 2),
    ('pesalink_ke', 'PesaLink',            'KE', 'bank', 3),
    ('card_ke',     'Card payments Kenya', 'KE', 'card', 4),
    ('nip_ng',      'NIBSS Instant Payment', 'NG', 'bank', 1),
    ('card_ng',     'Card payments Nigeria', 'NG', 'card', 2),
    ('mtn_gh',      'MTN Mobile Money Ghana', 'GH', 'momo', 1),
    ('telecel_gh',  'Telecel Cash',        'GH', 'momo', 2),
    ('mtn_ug',      'MTN Mobile Money Uganda', 'UG', 'momo', 1),
    ('airtel_ug',   'Airtel Money Uganda', 'UG', 'momo', 2),
    ('eft_za',      'EFT South Africa',    'ZA', 'bank', 1);

INSERT INTO payment_networks (provider_code, network_id, network_name, network_code, channel_id, channel_type,
                              account_type, ramp_type, min_amount, max_amount, fee, status) VALUES
    ('mpesa_ke',    'net_ke_mpesa',    'M-Pesa',          'MPESA',    'ch_ke_mpesa_deposit',     'momo', 'wallet',       'deposit',  10,  150000,  0,   'active'),
    ('mpesa_ke',    'net_ke_mpesa',    'M-Pesa',          'MPESA',    'ch_ke_mpesa_withdraw',    'momo', 'wallet',       'withdraw', 10,  150000,  15,  'active'),
    ('airtel_ke',   'net_ke_airtel',   'Airtel Money',    'AIRTEL',   'ch_ke_airtel_deposit',    'momo', 'wallet',       'deposit',  10,  70000,   0,   'active'),
    ('airtel_ke',   'net_ke_airtel',   'Airtel Money',    'AIRTEL',   'ch_ke_airtel_withdraw',   'momo', 'wallet',       'withdraw', 10,  70000,   15,  'inactive'),
    ('pesalink_ke', 'net_ke_pesalink', 'PesaLink',        'PESALINK', 'ch_ke_pesalink_deposit',  'bank', 'bank_account', 'deposit',  100, 999999,  50,  'active'),
    ('pesalink_ke', 'net_ke_pesalink', 'PesaLink',        'PESALINK', 'ch_ke_pesalink_withdraw', 'bank', 'bank_account', 'withdraw', 100, 999999,  50,  'active'),
    ('card_ke',     'net_ke_card',     'Visa/Mastercard', 'CARD',     'ch_ke_card_deposit',      'card', 'card',         'deposit',  50,  500000,  0,   'active'),
    ('nip_ng',      'net_ng_nip',      'NIP',             'NIP',      'ch_ng_nip_deposit',       'bank', 'bank_account', 'deposit',  100, 5000000, 50,  'active'),
    ('nip_ng',      'net_ng_nip',      'NIP',             'NIP',      'ch_ng_nip_withdraw',      'bank', 'bank_account', 'withdraw', 100, 5000000, 50,  'active'),
    ('card_ng',     'net_ng_card',     'Visa/Mastercard/Verve', 'CARD', 'ch_ng_card_deposit',    'card', 'card',         'deposit',  100, 5000000, 0,   'active'),
    ('mtn_gh',      'net_gh_mtn',      'MTN Mobile Money', 'MTN',     'ch_gh_mtn_deposit',       'momo', 'wallet',       'deposit',  1,   10000,   1,   'active'),
    ('mtn_gh',      'net_gh_mtn',      'MTN Mobile Money', 'MTN',     'ch_gh_mtn_withdraw',      'momo', 'wallet',       'withdraw', 1,   10000,   1,   'active'),
    ('telecel_gh',  'net_gh_telecel',  'Telecel Cash',    'TELECEL',  'ch_gh_telecel_deposit',   'momo', 'wallet',       'deposit',  1,   10000,   1,   'active'),
    ('telecel_gh',  'net_gh_telecel',  'Telecel Cash',    'TELECEL',  'ch_gh_telecel_withdraw',  'momo', 'wallet',       'withdraw', 1,   10000,   1,   'active'),
    ('mtn_ug',      'net_ug_mtn',      'MTN Mobile Money', 'MTN',     'ch_ug_mtn_deposit',       'momo', 'wallet',       'deposit',  500, 5000000, 500, 'active'),
    ('mtn_ug',      'net_ug_mtn',      'MTN Mobile Money', 'MTN',     'ch_ug_mtn_withdraw',      'momo', 'wallet',       'withdraw', 500, 5000000, 500, 'active'),
    ('airtel_ug',   'net_ug_airtel',   'Airtel Money',    'AIRTEL',   'ch_ug_airtel_deposit',    'momo', 'wallet',       'deposit',  500, 5000000, 500, 'active'),
    ('airtel_ug',   'net_ug_airtel',   'Airtel Money',    'AIRTEL',   'ch_ug_airtel_withdraw',   'momo', 'wallet',       'withdraw', 500, 5000000, 500, 'active'),
    ('eft_za',      'net_za_eft',      'EFT',             'EFT',      'ch_za_eft_deposit',       'bank', 'bank_account', 'deposit',  10,  1000000, 5,   'active'),
    ('eft_za',      'net_za_eft',      'EFT',             'EFT',      'ch_za_eft_withdraw',      'bank', 'bank_account', 'withdraw', 10,  1000000, 5,   'active');

CREATE TABLE payments (
    id                  bigserial     PRIMARY KEY,
    account_id          bigint        NOT NULL,
    reference           text          NOT NULL UNIQUE,
    merchant_reference  text          NOT NULL,
    request_type        text          NOT NULL CHECK (request_type IN ('payment', 'withdrawal')),
    rail                text          NOT NULL CHECK (rail IN ('momo', 'bank', 'card')),
    provider            text          NOT NULL,
    network_id          text          NOT NULL,
    channel_id          text          NOT NULL,
    amount              numeric(19,2) NOT NULL CHECK (amount > 0),
    currency            char(3)       NOT NULL,
    country             char(2)       NOT NULL,
    amount_usd          numeric(19,2) NOT NULL,
    fee                 numeric(19,2) NOT NULL,
    beneficiary_id      bigint,
    beneficiary_uuid    uuid,
    tier0_counted_usd   numeric(19,2),
    customer_first_name text,
    customer_last_name  text,
    customer_email      text,
    customer_phone      text,
    customer_dob        date,
    customer_country    text,
    customer_id_type    text,
    customer_id_number  text,
    account_number      text          NOT NULL,
    callback_url        text          NOT NULL,
    redirect_url        text,
    remark              text,
    payment_category    text,
    reason              text,
    status              text          NOT NULL CHECK (status IN ('queued', 'pending', 'succeeded', 'failed')),
    failure_reason      text,
    provider_reference  text,
    checkout_token      text          UNIQUE,
    checks              int           NOT NULL DEFAULT 0,
    next_check_at       timestamptz,
    created_at          timestamptz   NOT NULL,
    updated_at          timestamptz   NOT NULL,
    pending_since       timestamptz,
    completed_at        timestamptz,
    UNIQUE (account_id, merchant_reference)
);

CREATE INDEX payments_due ON payments (next_check_at)
    WHERE status IN ('queued', 'pending') AND next_check_at IS NOT NULL;

CREATE TABLE payment_callbacks (
    id                bigserial   PRIMARY KEY,
    account_id        bigint      NOT NULL,
    payment_id        bigint      NOT NULL REFERENCES payments (id),
    webhook_id        text        NOT NULL UNIQUE,
    event_type        text        NOT NULL,
    url               text        NOT NULL,
    body              text        NOT NULL,
    status            text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
    attempts          int         NOT NULL DEFAULT 0,
    next_attempt_at   timestamptz,
    created_at        timestamptz NOT NULL,
    finished_at       timestamptz
);

CREATE INDEX payment_callbacks_due ON payment_callbacks (next_attempt_at) WHERE status = 'pending';
CREATE INDEX payment_callbacks_payment ON payment_callbacks (payment_id);

CREATE TABLE payment_callback_attempts (
    id            bigserial   PRIMARY KEY,
    callback_id   bigint      NOT NULL REFERENCES payment_callbacks (id),
    attempt_no    int         NOT NULL,
    attempted_at  timestamptz NOT NULL,
    status_code   int,
    error         text,
    duration_ms   bigint      NOT NULL
);

CREATE INDEX payment_callback_attempts_callback ON payment_callback_attempts (callback_id);

CREATE INDEX payments_provider_reference ON payments (provider, provider_reference) WHERE provider_reference IS NOT NULL;
