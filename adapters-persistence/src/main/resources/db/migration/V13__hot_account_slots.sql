-- Hot accounts (issue 18; docs/architecture.md "Hot accounts", docs/balances.md "The hot row"): every service wallet
-- and every payment balance becomes N sub-balance rows ("slots", 8 per account). A debit takes one slot that covers
-- it, so concurrent debits of one merchant lock different rows and no longer queue on one row held until the
-- commit's WAL flush. Each slot has its own CHECK (never below zero): the total is their sum and can never go below
-- zero either. The money columns of the old single rows move into the slots and are dropped, so nothing can read a
-- stale balance. The ledgers (wallet_entries, balance_entries) keep their meaning unchanged.

-- Service wallet (KES): the header row stays (wallet_entries references it), its balance is spread over 8 slots to
-- the cent: slot s gets floor(balance / 8) and the first (balance mod 8) slots one cent more.
CREATE TABLE service_wallet_slots (
    account_id  bigint        NOT NULL REFERENCES service_wallets (account_id),
    slot        int           NOT NULL CHECK (slot >= 0),
    balance     numeric(19,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
    PRIMARY KEY (account_id, slot)
);
INSERT INTO service_wallet_slots (account_id, slot, balance)
SELECT w.account_id, s,
       floor(w.balance * 100 / 8) / 100 + CASE WHEN s < mod(w.balance * 100, 8) THEN 0.01 ELSE 0 END
FROM service_wallets w CROSS JOIN generate_series(0, 7) s;
ALTER TABLE service_wallets DROP COLUMN balance;

-- Payment balances: `available` spread the same way; `reserved` (what withdrawals not yet final hold) stays in the
-- slot its reservation took it from, recorded on the withdrawal_reserve entry, so a release or a consume gives it
-- back to that slot and each slot's reserved also stays >= 0. Existing reservations were all taken from slot 0.
CREATE TABLE payment_balance_slots (
    account_id  bigint        NOT NULL,
    currency    char(3)       NOT NULL,
    slot        int           NOT NULL CHECK (slot >= 0),
    available   numeric(19,2) NOT NULL DEFAULT 0 CHECK (available >= 0),
    reserved    numeric(19,2) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
    PRIMARY KEY (account_id, currency, slot),
    FOREIGN KEY (account_id, currency) REFERENCES payment_balances (account_id, currency)
);
INSERT INTO payment_balance_slots (account_id, currency, slot, available, reserved)
SELECT b.account_id, b.currency, s,
       floor(b.available * 100 / 8) / 100 + CASE WHEN s < mod(b.available * 100, 8) THEN 0.01 ELSE 0 END,
       CASE WHEN s = 0 THEN b.reserved ELSE 0 END
FROM payment_balances b CROSS JOIN generate_series(0, 7) s;
ALTER TABLE payment_balances DROP COLUMN available, DROP COLUMN reserved;

ALTER TABLE balance_entries ADD COLUMN slot int;
UPDATE balance_entries SET slot = 0 WHERE type = 'withdrawal_reserve';
ALTER TABLE balance_entries ADD CONSTRAINT balance_entries_reserve_slot
    CHECK ((type = 'withdrawal_reserve') = (slot IS NOT NULL));
