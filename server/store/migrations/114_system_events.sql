-- What a SYSTEM message reports (docs/server-messages.md "System lines"): the room change as structured data
-- (code, actor, targets, new name or timer) that clients word in their own language. NULL for every other message.
ALTER TABLE messages ADD COLUMN system_event jsonb;
