-- Key rotation and key access (docs/server-messages.md), and answers to multiple-choice messages.

-- The room's member set a key was made for: a later member set means the membership changed since.
ALTER TABLE aes_keys ADD COLUMN member_set_id bigint REFERENCES room_member_sets(id);

-- getaeskeybymessagekeyuuids looks keys up through the messages that use them (forwarded copies).
CREATE INDEX messages_key_idx ON messages (message_key_uuid) WHERE message_key_uuid IS NOT NULL;

-- answermcmessage: one answer per account and message; a new answer replaces the earlier one.
CREATE TABLE message_mc_answers (
  message_id   bigint NOT NULL REFERENCES messages(id),
  account_id   bigint NOT NULL REFERENCES accounts(id),
  lang_id      text NOT NULL,
  value        text NOT NULL,
  checksum     text NOT NULL,
  answered_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, account_id)
);
