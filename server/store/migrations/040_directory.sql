-- Directory data of the distribution-list, group-list, delegate and do-not-disturb calls
-- (docs/server-content.md). Directory entries link to chat accounts by login name (the directory's
-- samaccountname), so a list may name people who have not used the chat service yet.

-- LDAP-shaped distribution lists. tenant_id NULL: visible to every tenant.
CREATE TABLE distribution_lists (
  id                  bigserial PRIMARY KEY,
  tenant_id           bigint REFERENCES tenants(id),
  cn                  text NOT NULL,
  distinguished_name  text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX distribution_lists_dn_key ON distribution_lists (lower(distinguished_name));
CREATE INDEX distribution_lists_cn_idx ON distribution_lists (lower(cn));

CREATE TABLE distribution_list_members (
  list_id         bigint NOT NULL REFERENCES distribution_lists(id) ON DELETE CASCADE,
  -- samaccountname; matches accounts.login_name without case
  samaccountname  text NOT NULL,
  PRIMARY KEY (list_id, samaccountname)
);
CREATE INDEX distribution_list_members_name_idx ON distribution_list_members (lower(samaccountname));

-- Other directory groups a broadcast can address (group list type HKP_AK_GROUP). Group lists of type
-- DL are the distribution lists above.
CREATE TABLE directory_groups (
  id            bigserial PRIMARY KEY,
  tenant_id     bigint REFERENCES tenants(id),
  group_type    text NOT NULL CHECK (group_type IN ('HKP_AK_GROUP')),
  display_name  text NOT NULL,
  identifier    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (group_type, identifier)
);

CREATE TABLE directory_group_members (
  group_id    bigint NOT NULL REFERENCES directory_groups(id) ON DELETE CASCADE,
  login_name  text NOT NULL,
  PRIMARY KEY (group_id, login_name)
);

-- Accounts that may broadcast, and what they may address: ALL (every active member, and any group),
-- DL (distribution lists) or HKP_AK_GROUP (directory groups).
CREATE TABLE broadcast_delegates (
  account_id                        bigint PRIMARY KEY REFERENCES accounts(id),
  allowed_broadcast_selection_type  text NOT NULL CHECK (allowed_broadcast_selection_type IN ('ALL', 'DL', 'HKP_AK_GROUP')),
  created_at                        timestamptz NOT NULL DEFAULT now()
);

-- Accounts that may broadcast on behalf of a delegate (a secretary for a chief of service).
CREATE TABLE broadcast_delegate_actors (
  delegate_account_id  bigint NOT NULL REFERENCES broadcast_delegates(account_id) ON DELETE CASCADE,
  actor_account_id     bigint NOT NULL REFERENCES accounts(id),
  PRIMARY KEY (delegate_account_id, actor_account_id)
);
CREATE INDEX broadcast_delegate_actors_actor_idx ON broadcast_delegate_actors (actor_account_id);

-- The preset durations dnd/getdndtemplates offers.
CREATE TABLE dnd_templates (
  minutes  integer PRIMARY KEY CHECK (minutes > 0),
  en_us    text NOT NULL,
  zh_cn    text NOT NULL,
  zh_tw    text NOT NULL,
  seq      integer NOT NULL
);

INSERT INTO dnd_templates (minutes, en_us, zh_cn, zh_tw, seq) VALUES
  (30,    '30 minutes', '30 分钟', '30 分鐘', 1),
  (60,    '1 hour',     '1 小时',  '1 小時',  2),
  (120,   '2 hours',    '2 小时',  '2 小時',  3),
  (240,   '4 hours',    '4 小时',  '4 小時',  4),
  (480,   '8 hours',    '8 小时',  '8 小時',  5),
  (1440,  '1 day',      '1 天',    '1 天',    6),
  (10080, '1 week',     '1 周',    '1 週',    7);
