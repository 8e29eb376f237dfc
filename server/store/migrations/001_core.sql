-- Core tables of the chat server: organisation, identity, rooms, keys, messages, files, jobs.
-- Plain PostgreSQL (runs unchanged on pglite and on a PostgreSQL server). Ids are bigint identities;
-- times are timestamptz; ciphertext produced by clients is kept as the base64 text they sent.

CREATE TABLE blobs (
  id            bigserial PRIMARY KEY,
  sha256        text NOT NULL UNIQUE,
  size          bigint NOT NULL CHECK (size >= 0),
  content_type  text NOT NULL DEFAULT 'application/octet-stream',
  -- relative to DATA_DIR/blobs
  path          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenants (
  id                bigserial PRIMARY KEY,
  short_name        text NOT NULL UNIQUE,
  fullname          text NOT NULL,
  fullname_display  text,
  created_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id                        bigserial PRIMARY KEY,
  tenant_id                 bigint NOT NULL REFERENCES tenants(id),
  login_name                text NOT NULL,
  user_fullname             text NOT NULL,
  email_addr                text,
  fax_no                    text,
  tel_no                    text,
  office_addr               text,
  post_title                text,
  account_object_class      text,
  is_local                  boolean NOT NULL DEFAULT true,
  custom_display_name       text,
  search_name               text,
  lang_id                   text NOT NULL DEFAULT 'en_US',
  function_roles            text[] NOT NULL DEFAULT ARRAY['IM_USER']::text[],
  password_hash             text,
  must_change_password      boolean NOT NULL DEFAULT false,
  password_changed_at       timestamptz,
  disabled                  boolean NOT NULL DEFAULT false,
  dl_attach                 boolean NOT NULL DEFAULT true,
  view_presence             text NOT NULL DEFAULT 'ALL' CHECK (view_presence IN ('ALL', 'FAVOURITE', 'NONE')),
  view_profile              text NOT NULL DEFAULT 'ALL' CHECK (view_profile IN ('ALL', 'FAVOURITE', 'NONE')),
  read_receipt              text NOT NULL DEFAULT 'YES' CHECK (read_receipt IN ('YES', 'NO')),
  is_show_name_to_grp_acc   boolean NOT NULL DEFAULT true,
  is_show_noti_at_mention   boolean NOT NULL DEFAULT true,
  dnd                       text,
  dnd_end_date              timestamptz,
  dnd_is_mute               boolean NOT NULL DEFAULT false,
  last_online_at            timestamptz,
  profile_img_ref           bigint REFERENCES blobs(id),
  profile_img_tn_ref        bigint REFERENCES blobs(id),
  profile_img_visible       boolean NOT NULL DEFAULT true,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now(),
  CHECK (function_roles <@ ARRAY['IM_USER', 'ADMIN']::text[])
);
-- Login names are compared without case: "Alice" and "alice" are one account.
CREATE UNIQUE INDEX accounts_login_name_key ON accounts (lower(login_name));
CREATE INDEX accounts_tenant_idx ON accounts (tenant_id);

CREATE TABLE account_favourites (
  account_id      bigint NOT NULL REFERENCES accounts(id),
  fav_account_id  bigint NOT NULL REFERENCES accounts(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, fav_account_id)
);

CREATE TABLE account_synonyms (
  account_id      bigint NOT NULL REFERENCES accounts(id),
  syn_account_id  bigint NOT NULL REFERENCES accounts(id),
  synonym         text NOT NULL,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, syn_account_id)
);

-- The server-held RSA key pair of each user (getuserpubkey returns the public half).
CREATE TABLE user_key_pairs (
  account_id       bigint PRIMARY KEY REFERENCES accounts(id),
  public_key_pem   text NOT NULL,
  private_key_pem  text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id                   text PRIMARY KEY,
  -- SHA-256 (hex) of the api key: a stolen database does not yield usable api keys.
  api_key_hash         text NOT NULL UNIQUE,
  account_id           bigint NOT NULL REFERENCES accounts(id),
  device_id            text NOT NULL,
  device_pub_key_pem   text NOT NULL,
  device_info          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_seen_at         timestamptz NOT NULL DEFAULT now(),
  expires_at           timestamptz NOT NULL,
  logged_out_at        timestamptz,
  logout_reason        text
);
CREATE INDEX sessions_account_idx ON sessions (account_id) WHERE logged_out_at IS NULL;

-- Login tokens, OTPs, QR tokens, next-tokens and JWT ids: short-lived secrets with a use count.
CREATE TABLE auth_tokens (
  id               bigserial PRIMARY KEY,
  token_hash       text NOT NULL UNIQUE,
  token_type       text NOT NULL,
  account_id       bigint REFERENCES accounts(id),
  system_id        text,
  data             jsonb NOT NULL DEFAULT '{}'::jsonb,
  ttl_seconds      integer NOT NULL CHECK (ttl_seconds > 0),
  remaining_count  integer NOT NULL DEFAULT 1 CHECK (remaining_count >= 0),
  status           text NOT NULL DEFAULT 'PENDING',
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  used_at          timestamptz
);
CREATE INDEX auth_tokens_expiry_idx ON auth_tokens (expires_at);

CREATE TABLE rooms (
  id                     bigserial PRIMARY KEY,
  tenant_id              bigint REFERENCES tenants(id),
  room_type              text NOT NULL CHECK (room_type IN ('SINGLE', 'MULTIPLE', 'BROADCAST')),
  business_type          text CHECK (business_type IN ('HA_CALL_CENTRE', 'GRP_ACC_FWD_RM', 'SELF')),
  chatbot_id             text,
  room_name              text,
  room_sec_level         text,
  -- One SINGLE room per pair of accounts, one self room per account: 'single:<low>:<high>', 'self:<id>'.
  dedupe_key             text UNIQUE,
  group_account_id       bigint REFERENCES accounts(id),
  created_by             bigint REFERENCES accounts(id),
  created_at             timestamptz NOT NULL DEFAULT now(),
  self_destruct_enabled  boolean NOT NULL DEFAULT false,
  self_destruct_seconds  integer CHECK (self_destruct_seconds > 0),
  last_update_at         timestamptz NOT NULL DEFAULT now(),
  profile_img_ref        bigint REFERENCES blobs(id),
  profile_img_tn_ref     bigint REFERENCES blobs(id),
  closed_at              timestamptz,
  deleted_at             timestamptz
);

-- Every change of membership gets a new member set (latestRoomMembersetId, roomMembersetMemberAccounts).
CREATE TABLE room_member_sets (
  id           bigserial PRIMARY KEY,
  room_id      bigint NOT NULL REFERENCES rooms(id),
  account_ids  bigint[] NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX room_member_sets_room_idx ON room_member_sets (room_id, id);

CREATE TABLE room_members (
  room_id               bigint NOT NULL REFERENCES rooms(id),
  account_id            bigint NOT NULL REFERENCES accounts(id),
  is_admin              boolean NOT NULL DEFAULT false,
  joined_at             timestamptz NOT NULL DEFAULT now(),
  left_at               timestamptz,
  mute_until            timestamptz,
  is_pinned             boolean NOT NULL DEFAULT false,
  is_hidden             boolean NOT NULL DEFAULT false,
  is_closed             boolean NOT NULL DEFAULT false,
  last_read_message_id  bigint,
  member_set_id         bigint REFERENCES room_member_sets(id),
  PRIMARY KEY (room_id, account_id)
);
CREATE INDEX room_members_account_idx ON room_members (account_id) WHERE left_at IS NULL;

-- The policy set every new room starts from. room_type '*' applies to all types; a row for a
-- specific type overrides it. Values: ROLE 0 no one, 1 all, 2 admins, 3 by role; BOOLEAN 1/0;
-- NUMBER with 0 = no limit.
CREATE TABLE default_room_policies (
  room_type   text NOT NULL CHECK (room_type IN ('*', 'SINGLE', 'MULTIPLE', 'BROADCAST')),
  attr        text NOT NULL,
  value       text NOT NULL,
  type        text NOT NULL CHECK (type IN ('ROLE', 'BOOLEAN', 'NUMBER')),
  allow_edit  boolean NOT NULL,
  attr_grp    text NOT NULL,
  seq         integer NOT NULL,
  PRIMARY KEY (room_type, attr)
);

CREATE TABLE room_policies (
  room_id     bigint NOT NULL REFERENCES rooms(id),
  attr        text NOT NULL,
  value       text NOT NULL,
  type        text NOT NULL CHECK (type IN ('ROLE', 'BOOLEAN', 'NUMBER')),
  allow_edit  boolean NOT NULL,
  attr_grp    text NOT NULL,
  seq         integer NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, attr)
);

CREATE TABLE room_events (
  id          bigserial PRIMARY KEY,
  room_id     bigint NOT NULL REFERENCES rooms(id),
  title       text NOT NULL,
  content     text,
  start_ts    timestamptz NOT NULL,
  end_ts      timestamptz,
  created_by  bigint REFERENCES accounts(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz
);
CREATE INDEX room_events_room_idx ON room_events (room_id, start_ts) WHERE deleted_at IS NULL;

CREATE TABLE room_audit_records (
  id           bigserial PRIMARY KEY,
  room_id      bigint NOT NULL REFERENCES rooms(id),
  actor_id     bigint REFERENCES accounts(id),
  -- the actor's name when it happened (names change; the record must not)
  actor_name   text NOT NULL,
  action       text NOT NULL,
  action_time  timestamptz NOT NULL DEFAULT now(),
  message      text,
  message_ids  bigint[] NOT NULL DEFAULT ARRAY[]::bigint[]
);
CREATE INDEX room_audit_records_room_idx ON room_audit_records (room_id, id);

-- AES key records. room_id NULL marks the common key. Exactly one current (not retired) key per room.
CREATE TABLE aes_keys (
  message_key_uuid  text PRIMARY KEY,
  room_id           bigint REFERENCES rooms(id),
  aes_key           text NOT NULL,
  algorithm         text NOT NULL CHECK (algorithm IN ('CBC', 'CTR', 'GCM')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  retired_at        timestamptz
);
CREATE UNIQUE INDEX aes_keys_current_room_key ON aes_keys (room_id) WHERE retired_at IS NULL AND room_id IS NOT NULL;
CREATE UNIQUE INDEX aes_keys_current_common_key ON aes_keys ((room_id IS NULL)) WHERE retired_at IS NULL AND room_id IS NULL;

CREATE TABLE messages (
  id                          bigserial PRIMARY KEY,
  room_id                     bigint NOT NULL REFERENCES rooms(id),
  -- NULL for system messages
  sender_id                   bigint REFERENCES accounts(id),
  message_type                text NOT NULL,
  status                      text NOT NULL DEFAULT 'SERVER_RECEIVED',
  created_at                  timestamptz NOT NULL DEFAULT now(),
  updated_at                  timestamptz NOT NULL DEFAULT now(),
  message_key_uuid            text REFERENCES aes_keys(message_key_uuid),
  lang_id                     text,
  aes_message                 text,
  aes_message_file_ref        bigint REFERENCES blobs(id),
  aes_message_filename        text,
  aes_message_file_open_ext   text,
  aes_message_file_type       text,
  filesize                    bigint,
  aes_message_file_metadata   text,
  aes_message_url_metadata    text,
  thumbnail_ref               bigint REFERENCES blobs(id),
  original_file_ref           bigint REFERENCES blobs(id),
  checksum                    text,
  mention_account_ids         bigint[] NOT NULL DEFAULT ARRAY[]::bigint[],
  reply_to_message_id         bigint REFERENCES messages(id),
  is_forwarded                boolean NOT NULL DEFAULT false,
  polling                     jsonb,
  voice_to_text               text,
  hints                       jsonb,
  recalled_at                 timestamptz,
  expires_at                  timestamptz
);
CREATE INDEX messages_room_idx ON messages (room_id, id);
CREATE INDEX messages_expiry_idx ON messages (expires_at) WHERE expires_at IS NOT NULL;

-- Per-recipient state of a message (the sender has no row).
CREATE TABLE message_receipts (
  message_id         bigint NOT NULL REFERENCES messages(id),
  account_id         bigint NOT NULL REFERENCES accounts(id),
  room_id            bigint NOT NULL REFERENCES rooms(id),
  received_at        timestamptz,
  read_at            timestamptz,
  notified_at        timestamptz,
  is_starred         boolean NOT NULL DEFAULT false,
  starred_at         timestamptz,
  deleted_for_me_at  timestamptz,
  PRIMARY KEY (message_id, account_id)
);
CREATE INDEX message_receipts_unread_idx ON message_receipts (account_id, room_id, message_id) WHERE read_at IS NULL;
CREATE INDEX message_receipts_starred_idx ON message_receipts (account_id, room_id, message_id) WHERE is_starred;

-- Archive and export runs: asynchronous, the result file appears later under Exported Messages.
CREATE TABLE jobs (
  id                bigserial PRIMARY KEY,
  account_id        bigint NOT NULL REFERENCES accounts(id),
  room_id           bigint REFERENCES rooms(id),
  kind              text NOT NULL CHECK (kind IN ('ARCHIVE', 'EXPORT', 'EXPORT_ROOM', 'DELETE_AND_EXPORT')),
  status            text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'COMPLETED', 'FAILED')),
  params            jsonb NOT NULL DEFAULT '{}'::jsonb,
  room_name         text,
  room_sec_level    text,
  file_blob_id      bigint REFERENCES blobs(id),
  message_key_uuid  text REFERENCES aes_keys(message_key_uuid),
  error             text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  completed_at      timestamptz
);
CREATE INDEX jobs_account_idx ON jobs (account_id, id);
CREATE INDEX jobs_pending_idx ON jobs (id) WHERE status IN ('PENDING', 'RUNNING');

CREATE TABLE app_versions (
  id                   bigserial PRIMARY KEY,
  app_platform         text NOT NULL,
  app_push_platform    text,
  version_number       text NOT NULL,
  build_version        integer NOT NULL,
  version_description  text,
  version_update_url   text,
  app_description      text,
  is_clear_db          boolean NOT NULL DEFAULT false,
  is_clear_file        boolean NOT NULL DEFAULT false,
  is_force_upd         boolean NOT NULL DEFAULT false,
  force_upd_deadline   timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_platform, build_version)
);

-- One row per data set that seeding has put in (seeding runs once).
CREATE TABLE seed_markers (
  name        text PRIMARY KEY,
  applied_at  timestamptz NOT NULL DEFAULT now()
);
