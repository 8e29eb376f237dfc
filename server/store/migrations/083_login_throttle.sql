-- Password-guessing throttle (docs/security.md, finding 4), shared by every server process. One row per
-- scope and subject: 'pair' (normalised login name + client address), 'address' (client address, all names),
-- 'name' (normalised login name, all addresses). `blocked_until_ms` is when the next attempt may run.
CREATE TABLE login_throttle (
  scope             text NOT NULL CHECK (scope IN ('pair', 'address', 'name')),
  subject           text NOT NULL,
  failures          integer NOT NULL,
  last_failure_ms   bigint NOT NULL,
  blocked_until_ms  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, subject)
);
CREATE INDEX login_throttle_last_failure ON login_throttle (last_failure_ms);

-- Addresses a login name logged in from with the right password: they pass the per-name cap.
CREATE TABLE login_known_addresses (
  login_key        text NOT NULL,
  address          text NOT NULL,
  last_success_ms  bigint NOT NULL,
  PRIMARY KEY (login_key, address)
);
