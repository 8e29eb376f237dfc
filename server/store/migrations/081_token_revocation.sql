-- Login tokens, OTPs and QR grants are revoked with the sessions that could mint them (docs/security.md,
-- finding 3): the session that issued a token is kept so its logout revokes what it issued, and the live
-- tokens of an account are found quickly on a password change, logout of all sessions, disable or wipe.
ALTER TABLE auth_tokens ADD COLUMN issued_by_session text;
CREATE INDEX auth_tokens_live_by_account ON auth_tokens (account_id) WHERE status IN ('PENDING', 'SCANNED');
CREATE INDEX auth_tokens_by_issuer ON auth_tokens (issued_by_session) WHERE issued_by_session IS NOT NULL;
