-- Migration 29: the players' board of `league serve` (issue 26).
--
-- board_version counts every change the board shows (a game paired or its
-- result entered, a bye, an entry, a player's name, a team match, an
-- event's settings, a player's reported result), so that the board's pages
-- ask one cheap question ("has anything changed since version N?") instead
-- of working the standings out again for every phone in the room. The row
-- appears with the first change.
--
-- event.player_reports says whether players may report their own results
-- from their phones: 'off' (the default), 'confirm' (each report waits for
-- the secretary's one tap), 'agree' (as 'confirm', and a result both
-- players reported alike is recorded without waiting).
--
-- result_report holds the reports: which game, from which side, which
-- result (from White's side), when. A report changes no standings: only the
-- secretary's confirmation records the result, as a typed-in result is
-- recorded. A game's reports go with it.

CREATE TABLE board_version (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    n           INTEGER NOT NULL
) STRICT;

ALTER TABLE event ADD COLUMN player_reports TEXT NOT NULL DEFAULT 'off'
    CHECK (player_reports IN ('off', 'confirm', 'agree'));

CREATE TABLE result_report (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    side        TEXT NOT NULL CHECK (side IN ('white', 'black')),
    result      TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    at          TEXT NOT NULL
) STRICT;

CREATE INDEX result_report_game ON result_report(game_id);

CREATE TRIGGER game_added_bumps_board AFTER INSERT ON game BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER game_changed_bumps_board AFTER UPDATE ON game BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER game_removed_bumps_board AFTER DELETE ON game BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER bye_added_bumps_board AFTER INSERT ON bye BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER bye_changed_bumps_board AFTER UPDATE ON bye BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER bye_removed_bumps_board AFTER DELETE ON bye BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER entry_added_bumps_board AFTER INSERT ON entry BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER entry_changed_bumps_board AFTER UPDATE ON entry BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER entry_removed_bumps_board AFTER DELETE ON entry BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER team_match_added_bumps_board AFTER INSERT ON team_match BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER team_match_changed_bumps_board AFTER UPDATE ON team_match BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER team_match_removed_bumps_board AFTER DELETE ON team_match BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER player_changed_bumps_board AFTER UPDATE ON player BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER event_changed_bumps_board AFTER UPDATE ON event BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER result_report_added_bumps_board AFTER INSERT ON result_report BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER result_report_changed_bumps_board AFTER UPDATE ON result_report BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;

CREATE TRIGGER result_report_removed_bumps_board AFTER DELETE ON result_report BEGIN
    INSERT OR IGNORE INTO board_version (id, n) VALUES (1, 0);
    UPDATE board_version SET n = n + 1 WHERE id = 1;
END;
