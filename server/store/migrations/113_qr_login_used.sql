-- A QR login token gives one one-time code: the first phone that sends it marks it used, and any later send of
-- the same token (by that phone or anyone else) is refused (docs/security.md).
ALTER TABLE qr_login_claims ADD COLUMN used_at timestamptz;
