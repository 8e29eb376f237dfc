-- A chatbot keyword may lead to a card instead of an answer ("menu" shows the main menu again).
ALTER TABLE chatbot_keywords ALTER COLUMN answer_key DROP NOT NULL;
ALTER TABLE chatbot_keywords ADD COLUMN next_card text;
ALTER TABLE chatbot_keywords ADD CONSTRAINT chatbot_keywords_one_target CHECK ((next_card IS NULL) <> (answer_key IS NULL));
