-- Events: the callback outbox becomes the event store. Every message the service sends is one row of `events`
-- (its webhook_id is the event id, given at birth), written in the transaction of the change it reports; every
-- delivery attempt is a row of `event_attempts` beside it. List, detail and redelivery read these same rows.
-- Existing callbacks and their attempts are kept as they are (renamed in place); 'dead' becomes 'failed'.

ALTER TABLE payment_callbacks RENAME TO events;
ALTER TABLE payment_callback_attempts RENAME TO event_attempts;
ALTER TABLE event_attempts RENAME COLUMN callback_id TO event_id;

-- events that belong to no transaction (account_kyc.*, balance.adjusted, webhook.test) go to the merchant's
-- endpoint; with none set they are kept with status no_endpoint and no url
ALTER TABLE events ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE events ALTER COLUMN url DROP NOT NULL;

ALTER TABLE events DROP CONSTRAINT payment_callbacks_status_check;
UPDATE events SET status = 'failed' WHERE status = 'dead';
ALTER TABLE events ADD CONSTRAINT events_status_check
    CHECK (status IN ('pending', 'delivered', 'failed', 'no_endpoint'));
ALTER TABLE events ADD CONSTRAINT events_url_check CHECK (status = 'no_endpoint' OR url IS NOT NULL);

-- the attempt number after which the event gives up (null: the retry schedule decides); a redelivery allows one
-- more attempt, a webhook.test event only one
ALTER TABLE events ADD COLUMN attempt_limit int;

ALTER INDEX payment_callbacks_due RENAME TO events_due;
ALTER INDEX payment_callbacks_payment RENAME TO events_payment;
ALTER INDEX payment_callback_attempts_callback RENAME TO event_attempts_event;

-- purging an event takes its attempts with it
ALTER TABLE event_attempts DROP CONSTRAINT payment_callback_attempts_callback_id_fkey;
ALTER TABLE event_attempts ADD CONSTRAINT event_attempts_event_fkey
    FOREIGN KEY (event_id) REFERENCES events (id) ON DELETE CASCADE;

-- newest first per merchant, with or without a type filter; the purge walks created_at
CREATE INDEX events_account_created ON events (account_id, created_at DESC, id DESC);
CREATE INDEX events_account_type_created ON events (account_id, event_type, created_at DESC, id DESC);
CREATE INDEX events_created ON events (created_at);

-- where events that belong to no transaction go
CREATE TABLE webhook_endpoints (
    account_id  bigint      PRIMARY KEY REFERENCES accounts (id),
    url         text        NOT NULL,
    updated_at  timestamptz NOT NULL
);
