-- Conferences (docs/server-services.md): the built-in conferences of conference/create and the calls of
-- conference/external/*, one state machine over one table. Media travels elsewhere (a media server that
-- accepts the signed join tokens); these rows are the signalling state only.
CREATE TABLE conferences (
  id            bigserial PRIMARY KEY,
  -- the conference id on the wire: uuid of conference/*, refId of conference/external/*
  uuid          text NOT NULL UNIQUE,
  kind          text NOT NULL CHECK (kind IN ('INTERNAL', 'EXTERNAL')),
  conference_type text NOT NULL CHECK (conference_type IN ('VOICE', 'VIDEO')),
  vc_type       text NOT NULL,
  room_id       bigint NOT NULL REFERENCES rooms(id),
  creator_id    bigint NOT NULL REFERENCES accounts(id),
  status        text NOT NULL CHECK (status IN ('CREATED', 'RINGING', 'ACCEPTED', 'REJECTED', 'BUSY', 'CANCELLED', 'STARTED', 'ENDED')),
  data          jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  ended_at      timestamptz
);
CREATE INDEX conferences_room_idx ON conferences (room_id, id);

-- Who takes part, and how each invited account answered.
CREATE TABLE conference_participants (
  conference_id  bigint NOT NULL REFERENCES conferences(id) ON DELETE CASCADE,
  account_id     bigint NOT NULL REFERENCES accounts(id),
  role           text NOT NULL CHECK (role IN ('CREATOR', 'INVITEE')),
  answer         text NOT NULL CHECK (answer IN ('PENDING', 'ACCEPTED', 'REJECTED', 'BUSY')),
  answered_at    timestamptz,
  PRIMARY KEY (conference_id, account_id)
);
CREATE INDEX conference_participants_account_idx ON conference_participants (account_id, conference_id);

-- Every transition, for history and audit.
CREATE TABLE conference_transitions (
  id             bigserial PRIMARY KEY,
  conference_id  bigint NOT NULL REFERENCES conferences(id) ON DELETE CASCADE,
  from_status    text,
  to_status      text NOT NULL,
  event          text NOT NULL,
  actor_id       bigint REFERENCES accounts(id),
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conference_transitions_conference_idx ON conference_transitions (conference_id, id);

-- The Ed25519 key that signs media join tokens; made on first use. A media server verifies tokens with
-- the public half (docs/server-services.md).
CREATE TABLE conference_signing_keys (
  id               smallint PRIMARY KEY CHECK (id = 1),
  key_id           text NOT NULL,
  private_key_pem  text NOT NULL,
  public_key_pem   text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
