-- Blob bytes kept in the database when the server runs on PostgreSQL (DATABASE_URL), so every server
-- process reads every file. The embedded engine keeps its bytes in DATA_DIR/blobs and leaves this empty.
-- Keyed by content like the files: identical bytes are stored once.
CREATE TABLE blob_contents (
  sha256  text PRIMARY KEY,
  bytes   bytea NOT NULL
);
