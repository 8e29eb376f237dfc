-- News, stickers and the private album (docs/server-content.md).

-- tenant_id NULL: news for every tenant. Only news whose start_date has come is listed.
CREATE TABLE news (
  id                             bigserial PRIMARY KEY,
  tenant_id                      bigint REFERENCES tenants(id),
  title                          text NOT NULL,
  content                        text NOT NULL,
  banner_ref                     bigint REFERENCES blobs(id),
  seq                            integer NOT NULL DEFAULT 0 CHECK (seq >= 0),
  start_date                     timestamptz NOT NULL,
  is_show_news_title_in_content  boolean NOT NULL DEFAULT true,
  created_by                     bigint REFERENCES accounts(id),
  created_at                     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_start_idx ON news (start_date);

CREATE TABLE news_files (
  id             bigserial PRIMARY KEY,
  news_id        bigint NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  blob_id        bigint NOT NULL REFERENCES blobs(id),
  filename       text NOT NULL,
  content_type   text NOT NULL,
  thumbnail_ref  bigint REFERENCES blobs(id),
  seq            integer NOT NULL
);
CREATE INDEX news_files_news_idx ON news_files (news_id, seq);

CREATE TABLE news_reads (
  news_id     bigint NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  account_id  bigint NOT NULL REFERENCES accounts(id),
  read_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (news_id, account_id)
);
CREATE INDEX news_reads_account_idx ON news_reads (account_id);

-- Clients see ACTIVE categories only; INACTIVE and DELETED ones stay for messages that used them.
CREATE TABLE sticker_categories (
  id              bigserial PRIMARY KEY,
  name            text NOT NULL UNIQUE,
  tray_image_ref  bigint NOT NULL REFERENCES blobs(id),
  tray_tn_ref     bigint NOT NULL REFERENCES blobs(id),
  status          text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'DELETED')),
  seq             integer NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stickers (
  id           bigserial PRIMARY KEY,
  category_id  bigint NOT NULL REFERENCES sticker_categories(id),
  image_ref    bigint NOT NULL REFERENCES blobs(id),
  tn_ref       bigint NOT NULL REFERENCES blobs(id),
  emojis       text NOT NULL DEFAULT '',
  seq          integer NOT NULL
);
CREATE INDEX stickers_category_idx ON stickers (category_id, seq);

-- A file saved from a message. PROCESSING: blob_ref is the message's encrypted attachment and
-- message_key_uuid its key; READY: blob_ref is the decrypted file and thumbnail_ref its preview.
CREATE TABLE private_album_files (
  id                 bigserial PRIMARY KEY,
  account_id         bigint NOT NULL REFERENCES accounts(id),
  source_room_id     bigint NOT NULL REFERENCES rooms(id),
  source_message_id  bigint NOT NULL REFERENCES messages(id),
  status             text NOT NULL CHECK (status IN ('PROCESSING', 'READY')),
  blob_ref           bigint NOT NULL REFERENCES blobs(id),
  message_key_uuid   text REFERENCES aes_keys(message_key_uuid),
  filename           text NOT NULL,
  file_type          text NOT NULL,
  thumbnail_ref      bigint REFERENCES blobs(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX private_album_files_account_idx ON private_album_files (account_id, created_at DESC, id DESC);
CREATE INDEX private_album_files_processing_idx ON private_album_files (id) WHERE status = 'PROCESSING';
-- A message is saved to one person's album once.
CREATE UNIQUE INDEX private_album_files_message_key ON private_album_files (account_id, source_message_id);
