-- The console's sign-in sessions (platform.md section 18, docs/console.md): a session is a signed cookie, not a row;
-- signing out records when, and every session of that operator opened up to then is refused on every replica.
ALTER TABLE operators ADD COLUMN console_signed_out_at timestamptz;
