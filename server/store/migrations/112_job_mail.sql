-- The mail step of an archive asked with withEmail (docs/server-messages.md "Emailed archives"): NULL for
-- archives not to be mailed; PENDING until the archive is complete and the mail server took the mail (or
-- between attempts, after a passing fault, until mail_next_at); SENDING while a process holds it (the job's
-- lease columns, free again once the archive completed); SENT; or FAILED with mail_failure saying why.
ALTER TABLE jobs ADD COLUMN mail_status text CHECK (mail_status IN ('PENDING', 'SENDING', 'SENT', 'FAILED'));
ALTER TABLE jobs ADD COLUMN mail_failure text;
ALTER TABLE jobs ADD COLUMN mail_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE jobs ADD COLUMN mail_next_at timestamptz;
CREATE INDEX jobs_mail_due_idx ON jobs (mail_status, mail_next_at) WHERE mail_status IN ('PENDING', 'SENDING');
