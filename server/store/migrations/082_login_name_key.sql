-- One spelling per login name (docs/security.md, finding 9): `login_key` is the name after NFKC and case folding
-- (server/identity/login-name.ts), written by the server when it creates an account and filled in for older
-- rows at start-up (SQL's lower() is neither NFKC nor a full case folding). Every lookup by login name uses it,
-- so 'ＯＬＩＶＩＡ' is olivia, and 'olİvia' (U+0130) is a name of its own instead of olivia by another door.
ALTER TABLE accounts ADD COLUMN login_key text;
CREATE UNIQUE INDEX accounts_login_key ON accounts (login_key);
