-- The room list's order key on each membership row, so that a page of an account's room list is read in
-- order from one index and joined with its rooms afterwards (30 rows), instead of joining every room of
-- the account and sorting them (5,000 rooms: every room row visited per page). room_last_update_at is a
-- copy of rooms.last_update_at, kept by the two triggers below whoever changes the room.
ALTER TABLE room_members ADD COLUMN room_last_update_at timestamptz;
UPDATE room_members m SET room_last_update_at = r.last_update_at FROM rooms r WHERE r.id = m.room_id;
ALTER TABLE room_members ALTER COLUMN room_last_update_at SET NOT NULL;

-- Only the rows the room list shows (getroomlist: not left, hidden or closed), so that membership checks by room
-- keep using the primary key and lookups by account room_members_account_idx.
CREATE INDEX room_members_list_idx ON room_members (account_id, is_pinned DESC, room_last_update_at DESC, room_id DESC)
  WHERE left_at IS NULL AND NOT is_hidden AND NOT is_closed;

CREATE FUNCTION room_members_take_room_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.room_last_update_at := (SELECT last_update_at FROM rooms WHERE id = NEW.room_id);
  RETURN NEW;
END
$$;
CREATE TRIGGER room_members_take_room_time BEFORE INSERT ON room_members
  FOR EACH ROW EXECUTE FUNCTION room_members_take_room_time();

CREATE FUNCTION rooms_spread_time_to_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_members SET room_last_update_at = NEW.last_update_at WHERE room_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER rooms_spread_time_to_members AFTER UPDATE OF last_update_at ON rooms
  FOR EACH ROW WHEN (OLD.last_update_at IS DISTINCT FROM NEW.last_update_at)
  EXECUTE FUNCTION rooms_spread_time_to_members();
