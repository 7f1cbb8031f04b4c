-- Where a card payment's hosted checkout hands the payer on to an acquirer's own page (Paystack's authorization_url,
-- platform.md section 14). Written once by the payment worker when the acquirer opened the transaction (a retry of a
-- lost answer replaces it), read by the checkout page on every replica. Kept out of payments: most payments have none.
CREATE TABLE checkout_hand_offs (
    payment_id  bigint       PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
    url         text         NOT NULL,
    created_at  timestamptz  NOT NULL DEFAULT now()
);
