-- The charge state machine of a check (issue 27), as the domain's ChargeStateMachine table says, for the statuses it
-- stores (its start state, none, is never stored: a check's row is inserted charged or free):
--   charged       -> charged (the provider charged), refunded (reversed), refund_failed (the reversal failed)
--   refund_failed -> refund_failed (the sweeper's retry failed again), refunded (the retry succeeded)
--   free          -> free (whatever the provider answered)
--   refunded      -> nothing: it is final
-- Any other move of `charge_status` is refused by the database itself, as refunds' status moves are (V16). The
-- same-status moves the service writes (charged, refund_failed and free settled again) are in the table; a
-- refunded charge is never written again. ChargeStatusMovesTest (adapters-persistence) holds this table equal to
-- ChargeStateMachine's.
CREATE FUNCTION charge_status_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NOT ((OLD.charge_status, NEW.charge_status) IN (
            ('charged', 'charged'), ('charged', 'refunded'), ('charged', 'refund_failed'),
            ('refund_failed', 'refund_failed'), ('refund_failed', 'refunded'),
            ('free', 'free'))) THEN
        RAISE EXCEPTION 'illegal charge transition: % -> %', OLD.charge_status, NEW.charge_status
            USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER verification_lookups_charge_status_transition BEFORE UPDATE OF charge_status ON verification_lookups
    FOR EACH ROW EXECUTE FUNCTION charge_status_transition();

-- A screen is charged or free when it is stored and never moves (JdbcScreeningStore only inserts); the same table
-- guards it should it ever be updated.
CREATE TRIGGER screening_screens_charge_status_transition BEFORE UPDATE OF charge_status ON screening_screens
    FOR EACH ROW EXECUTE FUNCTION charge_status_transition();
