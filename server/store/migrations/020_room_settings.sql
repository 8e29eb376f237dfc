-- Room settings the rooms calls need beyond 001_core.
-- The unit the self-destruct time was given in (getselfdestructsetting answers in the caller's unit).
ALTER TABLE rooms ADD COLUMN self_destruct_unit text
  CHECK (self_destruct_unit IN ('second', 'minute', 'hour', 'day', 'week', 'year'));
-- Muted without an end time (muteroom without muteHours or muteUntil); mute_until alone marks a timed mute.
ALTER TABLE room_members ADD COLUMN is_muted boolean NOT NULL DEFAULT false;
