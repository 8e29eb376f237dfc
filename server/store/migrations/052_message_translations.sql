-- message/savetranslation: a member's translation of a message into a language (docs/server-services.md).
CREATE TABLE message_translations (
  message_id  bigint NOT NULL REFERENCES messages(id),
  account_id  bigint NOT NULL REFERENCES accounts(id),
  lang_id     text NOT NULL,
  value       text NOT NULL,
  checksum    text NOT NULL,
  saved_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, account_id, lang_id)
);
