-- Unknown login names are answered like known ones (docs/security.md): getuserpubkey gives a decoy public key
-- picked from a small pool by a keyed hash of the name, and envelopes sealed to it open with the decoy's
-- private half. Pool and key live here, made once, so every server process and every restart give the same
-- answer for the same name.
CREATE TABLE server_secrets (
  name        text PRIMARY KEY,
  secret      bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE decoy_user_keys (
  slot             integer PRIMARY KEY CHECK (slot >= 0),
  public_key_pem   text NOT NULL,
  private_key_pem  text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
