-- The built-in rule-based chatbot (docs/server-services.md): menu cards with options, answers, and a
-- keyword table, all per language; filled by server/seed/chatbot.ts.
CREATE TABLE chatbots (
  chatbot_id  text PRIMARY KEY,
  -- the card chatbot/startroom opens with
  start_card  text NOT NULL,
  -- the answer when no keyword matches
  fallback_answer text NOT NULL
);

CREATE TABLE chatbot_texts (
  chatbot_id  text NOT NULL REFERENCES chatbots(chatbot_id) ON DELETE CASCADE,
  -- 'name', 'card:<key>' (a card's title) or 'answer:<key>'
  text_key    text NOT NULL,
  lang_id     text NOT NULL CHECK (lang_id IN ('en_US', 'zh_TW', 'zh_CN')),
  text        text NOT NULL,
  PRIMARY KEY (chatbot_id, text_key, lang_id)
);

CREATE TABLE chatbot_cards (
  chatbot_id  text NOT NULL REFERENCES chatbots(chatbot_id) ON DELETE CASCADE,
  card_key    text NOT NULL,
  PRIMARY KEY (chatbot_id, card_key)
);

-- An option of a card: its value (what sendmcmessageanswer sends) leads to another card or to an answer.
CREATE TABLE chatbot_options (
  chatbot_id  text NOT NULL,
  card_key    text NOT NULL,
  value       text NOT NULL,
  seq         integer NOT NULL,
  next_card   text,
  answer_key  text,
  PRIMARY KEY (chatbot_id, value),
  FOREIGN KEY (chatbot_id, card_key) REFERENCES chatbot_cards(chatbot_id, card_key) ON DELETE CASCADE,
  CHECK ((next_card IS NULL) <> (answer_key IS NULL))
);

CREATE TABLE chatbot_option_labels (
  chatbot_id  text NOT NULL,
  value       text NOT NULL,
  lang_id     text NOT NULL CHECK (lang_id IN ('en_US', 'zh_TW', 'zh_CN')),
  label       text NOT NULL,
  PRIMARY KEY (chatbot_id, value, lang_id),
  FOREIGN KEY (chatbot_id, value) REFERENCES chatbot_options(chatbot_id, value) ON DELETE CASCADE
);

-- Free text: the longest keyword the text contains (case-insensitive) picks the answer.
CREATE TABLE chatbot_keywords (
  chatbot_id  text NOT NULL REFERENCES chatbots(chatbot_id) ON DELETE CASCADE,
  keyword     text NOT NULL,
  answer_key  text NOT NULL,
  PRIMARY KEY (chatbot_id, keyword)
);

-- Each message the chatbot conversation stores gets a key (the message's checksum on the wire);
-- chatbot/requestoriginalmsg and chatbot/sendreplymessage name messages by it.
CREATE TABLE chatbot_message_keys (
  message_key  text PRIMARY KEY,
  chatbot_id   text NOT NULL REFERENCES chatbots(chatbot_id),
  account_id   bigint NOT NULL REFERENCES accounts(id),
  message_id   bigint NOT NULL REFERENCES messages(id),
  -- the card a stored MC message shows (its options answer sendreplymessage)
  card_key     text
);
CREATE INDEX chatbot_message_keys_account_idx ON chatbot_message_keys (account_id, chatbot_id);
