-- A news item dated in the future is announced (NEWS_UPDATE) when its start date arrives, once across every
-- server process: the scheduler marks due items announced in one UPDATE and announces what it marked.
ALTER TABLE news ADD COLUMN announced_at timestamptz;
UPDATE news SET announced_at = created_at WHERE start_date <= now();
CREATE INDEX news_unannounced_idx ON news (start_date) WHERE announced_at IS NULL;
