-- Background jobs shared by several server processes (issue 11): the process running a job holds a lease it
-- renews while working. A job whose lease ran out (its process was killed) is claimed again by any process;
-- only the lease holder may complete it, so a job finishes exactly once.
ALTER TABLE jobs ADD COLUMN lease_owner text;
ALTER TABLE jobs ADD COLUMN lease_expires_at timestamptz;
CREATE INDEX jobs_claimable_idx ON jobs (status, lease_expires_at) WHERE status IN ('PENDING', 'RUNNING');
