-- QR login tokens bound to the /v3/wslogin connection that subscribed first (docs/security.md, finding 10). In
-- the database so every server process agrees on who holds a token. Only the token's SHA-256 is kept.
CREATE TABLE qr_login_claims (
  token_hash     text PRIMARY KEY,
  connection_id  text NOT NULL,
  claimed_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX qr_login_claims_age ON qr_login_claims (claimed_at);
