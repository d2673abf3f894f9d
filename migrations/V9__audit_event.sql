-- Migration 9: link audit entries to the event they concern, so the trail
-- can be shown per event (`league log --event NAME`). NULL for entries that
-- concern no single event (player renames, seasons, restores) and for
-- entries written before this migration. An event's deletion keeps its
-- audit entries (the subject text still says what changed).
ALTER TABLE audit ADD COLUMN event_id INTEGER REFERENCES event(id) ON DELETE SET NULL;

CREATE INDEX audit_event ON audit(event_id);
CREATE INDEX audit_action ON audit(action);
