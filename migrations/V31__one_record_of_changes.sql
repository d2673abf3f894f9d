-- Migration 32: one record of changes (issue 26). Migration 25's
-- records_changed (when the records last changed, for the results site's
-- "Last updated") and migration 29's board_version (a counter the players'
-- board of `league serve` polls) were two trackers kept by two sets of
-- triggers on the same tables. They are now one row, kept by one trigger a
-- table and change:
--
--   n   counts every change the players' board shows (it only goes up; an
--       unchanged n means an unchanged board; a time to the second could not
--       say that of two changes in the same second);
--   at  is when the league's records last changed (UTC, to the second), or
--       NULL while nothing has been stamped.
--
-- A game, bye, entry or team match added, changed or removed, a player or
-- an event changed: both. A player's reported result (which changes no
-- record until the secretary confirms it): n only. The row keeps both
-- numbers the two tables held, so a board already open sees no step back
-- and the site's "Last updated" stays what it was.

CREATE TABLE records_changed_v32 (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    n           INTEGER NOT NULL,
    at          TEXT
) STRICT;

INSERT INTO records_changed_v32 (id, n, at)
SELECT 1,
       coalesce((SELECT n FROM board_version WHERE id = 1), 0),
       (SELECT at FROM records_changed WHERE id = 1)
WHERE EXISTS (SELECT 1 FROM board_version) OR EXISTS (SELECT 1 FROM records_changed);

DROP TRIGGER game_added_stamps;
DROP TRIGGER game_changed_stamps;
DROP TRIGGER game_removed_stamps;
DROP TRIGGER bye_added_stamps;
DROP TRIGGER bye_changed_stamps;
DROP TRIGGER bye_removed_stamps;
DROP TRIGGER team_match_added_stamps;
DROP TRIGGER team_match_changed_stamps;
DROP TRIGGER team_match_removed_stamps;
DROP TRIGGER entry_added_stamps;
DROP TRIGGER entry_changed_stamps;
DROP TRIGGER entry_removed_stamps;
DROP TRIGGER game_added_bumps_board;
DROP TRIGGER game_changed_bumps_board;
DROP TRIGGER game_removed_bumps_board;
DROP TRIGGER bye_added_bumps_board;
DROP TRIGGER bye_changed_bumps_board;
DROP TRIGGER bye_removed_bumps_board;
DROP TRIGGER entry_added_bumps_board;
DROP TRIGGER entry_changed_bumps_board;
DROP TRIGGER entry_removed_bumps_board;
DROP TRIGGER team_match_added_bumps_board;
DROP TRIGGER team_match_changed_bumps_board;
DROP TRIGGER team_match_removed_bumps_board;
DROP TRIGGER player_changed_bumps_board;
DROP TRIGGER event_changed_bumps_board;
DROP TRIGGER result_report_added_bumps_board;
DROP TRIGGER result_report_changed_bumps_board;
DROP TRIGGER result_report_removed_bumps_board;

DROP TABLE records_changed;
DROP TABLE board_version;
ALTER TABLE records_changed_v32 RENAME TO records_changed;

CREATE TRIGGER game_added_marks_change AFTER INSERT ON game BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER game_changed_marks_change AFTER UPDATE ON game BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER game_removed_marks_change AFTER DELETE ON game BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER bye_added_marks_change AFTER INSERT ON bye BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER bye_changed_marks_change AFTER UPDATE ON bye BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER bye_removed_marks_change AFTER DELETE ON bye BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER entry_added_marks_change AFTER INSERT ON entry BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER entry_changed_marks_change AFTER UPDATE ON entry BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER entry_removed_marks_change AFTER DELETE ON entry BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER team_match_added_marks_change AFTER INSERT ON team_match BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER team_match_changed_marks_change AFTER UPDATE ON team_match BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER team_match_removed_marks_change AFTER DELETE ON team_match BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER player_changed_marks_change AFTER UPDATE ON player BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER event_changed_marks_change AFTER UPDATE ON event BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1, at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = 1;
END;

CREATE TRIGGER result_report_added_marks_change AFTER INSERT ON result_report BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER result_report_changed_marks_change AFTER UPDATE ON result_report BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER result_report_removed_marks_change AFTER DELETE ON result_report BEGIN
    INSERT OR IGNORE INTO records_changed (id, n) VALUES (1, 0);
    UPDATE records_changed SET n = n + 1 WHERE id = 1;
END;
