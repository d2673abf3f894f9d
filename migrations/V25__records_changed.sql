-- Migration 24: when the league's records last changed, to the second, for
-- the results site's "Last updated ... at 21:40 UTC" (issue 28): results
-- come in through the evening. Recording results, byes and pairings writes
-- no audit entry, so these triggers stamp one row whenever a game, bye,
-- team match or entry is added, changed or removed. The time is UTC.

CREATE TABLE records_changed (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    at          TEXT NOT NULL
) STRICT;

CREATE TRIGGER game_added_stamps AFTER INSERT ON game BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER game_changed_stamps AFTER UPDATE ON game BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER game_removed_stamps AFTER DELETE ON game BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER bye_added_stamps AFTER INSERT ON bye BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER bye_changed_stamps AFTER UPDATE ON bye BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER bye_removed_stamps AFTER DELETE ON bye BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER team_match_added_stamps AFTER INSERT ON team_match BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER team_match_changed_stamps AFTER UPDATE ON team_match BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER team_match_removed_stamps AFTER DELETE ON team_match BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER entry_added_stamps AFTER INSERT ON entry BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER entry_changed_stamps AFTER UPDATE ON entry BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
CREATE TRIGGER entry_removed_stamps AFTER DELETE ON entry BEGIN
    INSERT OR REPLACE INTO records_changed (id, at) VALUES (1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'));
END;
