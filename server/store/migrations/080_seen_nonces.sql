-- Envelope nonces seen within the timestamp window (docs/security.md, finding 2). In the database so a restart
-- (even a kill -9) and every other server process refuse a replayed envelope. `expires_at_ms` is the envelope's
-- ts plus the window, in epoch milliseconds: after it the ts alone makes the envelope stale.
CREATE TABLE seen_nonces (
  nonce          text PRIMARY KEY,
  expires_at_ms  bigint NOT NULL
);
CREATE INDEX seen_nonces_expiry ON seen_nonces (expires_at_ms);
