-- Migration 20: a played game that both players lost (issue 16).
--
-- An arbiter may declare a game lost for both players (FIDE Laws of Chess
-- 12.9 gives the arbiter that penalty; Vega and Swiss-Manager write it in a
-- TRF file as `0` on both players' lines). It is not a double forfeit: the
-- game was played, so each side counts it as a played game for tiebreaks
-- (opponent's score, Buchholz, games played), scoring 0. It is stored as
-- result '0-0'; V5's CHECK on game.result did not allow it.
--
-- SQLite cannot change a CHECK constraint in place, so the table is built
-- again: its rows are copied aside, the table is dropped and created with
-- the wider CHECK (the rest of its definition exactly V5's), the rows are
-- copied back with their ids, and everything that dropping the table took
-- with it is created again as the latest migration left it:
--   * indexes game_white, game_black, game_team_match (V5), game_pair (V11),
--     game_section (V13);
--   * triggers game_one_per_round and game_one_per_round_update (V18's
--     form) and team_game_not_a_forfeited_board (V10).
-- No table refers to game(id), so dropping it deletes nothing elsewhere,
-- and no ALTER TABLE ... RENAME is used (it would rewrite, or refuse over,
-- the views naming game). Triggers on other tables that read game
-- (bye_one_per_round, team_board_forfeit_not_a_game) and the views name
-- the table and read the new one.
--
-- Views: game_side and player_round read the result; both are created
-- again with '0-0' a 'loss' for each side (so halves 0, played 1), which
-- every view built on them (running_score, entry_score, opponent_score,
-- entry_detail) then counts as a game played and lost. game_detail shows
-- the stored result, '0-0'. Documented in docs/views.md.

CREATE TABLE game_v20_copy AS SELECT * FROM game;

DROP TABLE game;

-- A game of a round. result NULL means paired but not yet played.
-- Results: '1-0', '0-1', '1/2-1/2' over the board; '0-0' played and lost
-- by both (an arbiter's decision); '1F-0F' white wins by forfeit, '0F-1F'
-- black wins by forfeit, '0F-0F' double forfeit.
CREATE TABLE game (
    id          INTEGER PRIMARY KEY,
    round_id    INTEGER NOT NULL,
    section_id  INTEGER NOT NULL,
    board       INTEGER CHECK (board IS NULL OR board >= 1),
    white_entry INTEGER NOT NULL,
    black_entry INTEGER NOT NULL,
    -- The team match this game is a board of, in team events.
    team_match_id INTEGER REFERENCES team_match(id) ON DELETE CASCADE,
    result      TEXT CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '0-0', '1F-0F', '0F-1F', '0F-0F')),
    CHECK (white_entry <> black_entry),
    FOREIGN KEY (round_id, section_id) REFERENCES round(id, section_id) ON DELETE CASCADE,
    FOREIGN KEY (white_entry, section_id) REFERENCES entry(id, section_id) ON DELETE CASCADE,
    FOREIGN KEY (black_entry, section_id) REFERENCES entry(id, section_id) ON DELETE CASCADE,
    UNIQUE (round_id, white_entry),
    UNIQUE (round_id, black_entry)
) STRICT;

INSERT INTO game (id, round_id, section_id, board, white_entry, black_entry, team_match_id, result)
SELECT id, round_id, section_id, board, white_entry, black_entry, team_match_id, result
FROM game_v20_copy ORDER BY id;

DROP TABLE game_v20_copy;

CREATE INDEX game_white ON game(white_entry);
CREATE INDEX game_black ON game(black_entry);
CREATE INDEX game_team_match ON game(team_match_id);
CREATE INDEX game_pair ON game(white_entry, black_entry);
CREATE INDEX game_section ON game(section_id);

-- V10: a board is either a game or a forfeit without opponent, never both.
CREATE TRIGGER team_game_not_a_forfeited_board BEFORE INSERT ON game
WHEN NEW.team_match_id IS NOT NULL
 AND EXISTS (SELECT 1 FROM team_board_forfeit f WHERE f.team_match_id = NEW.team_match_id AND f.board = NEW.board)
BEGIN
    SELECT RAISE(ABORT, 'that board of the match was forfeited without a game');
END;

-- V18: a player has at most one game or bye per round, each test one seek.
CREATE TRIGGER game_one_per_round BEFORE INSERT ON game
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.white_entry = NEW.white_entry)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.white_entry = NEW.black_entry)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.black_entry = NEW.white_entry)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.black_entry = NEW.black_entry)
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id = NEW.white_entry)
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id = NEW.black_entry)
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

CREATE TRIGGER game_one_per_round_update BEFORE UPDATE OF white_entry, black_entry, round_id ON game
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id AND g.white_entry = NEW.white_entry)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id AND g.white_entry = NEW.black_entry)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id AND g.black_entry = NEW.white_entry)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id AND g.black_entry = NEW.black_entry)
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id = NEW.white_entry)
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id = NEW.black_entry)
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

-- V7's game_side, with '0-0' a loss for each side.
DROP VIEW game_side;
CREATE VIEW game_side AS
SELECT g.id AS game_id, g.round_id, g.section_id, g.board, g.team_match_id,
       g.white_entry AS entry_id, g.black_entry AS opponent_entry_id, 'W' AS colour,
       CASE g.result WHEN '1-0' THEN 'win' WHEN '0-1' THEN 'loss' WHEN '1/2-1/2' THEN 'draw'
                     WHEN '0-0' THEN 'loss'
                     WHEN '1F-0F' THEN 'forfeit-win' WHEN '0F-1F' THEN 'forfeit-loss'
                     WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END AS outcome
FROM game g
UNION ALL
SELECT g.id, g.round_id, g.section_id, g.board, g.team_match_id,
       g.black_entry, g.white_entry, 'B',
       CASE g.result WHEN '1-0' THEN 'loss' WHEN '0-1' THEN 'win' WHEN '1/2-1/2' THEN 'draw'
                     WHEN '0-0' THEN 'loss'
                     WHEN '1F-0F' THEN 'forfeit-loss' WHEN '0F-1F' THEN 'forfeit-win'
                     WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END
FROM game g;

-- V13's player_round, with '0-0' a loss for each side.
DROP VIEW player_round;
CREATE VIEW player_round AS
SELECT section_id, round_id, round_no, round_date, entry_id, player_id, pairing_no,
       opponent_entry_id, colour, board, game_id, team_match_id, outcome, bye_requested,
       CASE outcome
            WHEN 'win' THEN 2 WHEN 'forfeit-win' THEN 2 WHEN 'bye-full' THEN 2
            WHEN 'draw' THEN 1 WHEN 'bye-half' THEN 1 ELSE 0 END AS halves,
       CASE outcome
            WHEN 'win' THEN 1 WHEN 'draw' THEN 1 WHEN 'loss' THEN 1 ELSE 0 END AS played
FROM (
    SELECT e.section_id, r.id AS round_id, r.number AS round_no, r.date AS round_date,
           e.id AS entry_id, e.player_id, e.pairing_no,
           COALESCE(gw.black_entry, gb.white_entry) AS opponent_entry_id,
           CASE WHEN gw.id IS NOT NULL THEN 'W' WHEN gb.id IS NOT NULL THEN 'B' END AS colour,
           COALESCE(gw.board, gb.board) AS board,
           COALESCE(gw.id, gb.id) AS game_id,
           COALESCE(gw.team_match_id, gb.team_match_id) AS team_match_id,
           COALESCE(
               -- The game from White's side, as in game_side ...
               CASE WHEN gw.id IS NOT NULL THEN
                   CASE gw.result WHEN '1-0' THEN 'win' WHEN '0-1' THEN 'loss' WHEN '1/2-1/2' THEN 'draw'
                                  WHEN '0-0' THEN 'loss'
                                  WHEN '1F-0F' THEN 'forfeit-win' WHEN '0F-1F' THEN 'forfeit-loss'
                                  WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END
               -- ... or from Black's side ...
                    WHEN gb.id IS NOT NULL THEN
                   CASE gb.result WHEN '1-0' THEN 'loss' WHEN '0-1' THEN 'win' WHEN '1/2-1/2' THEN 'draw'
                                  WHEN '0-0' THEN 'loss'
                                  WHEN '1F-0F' THEN 'forfeit-loss' WHEN '0F-1F' THEN 'forfeit-win'
                                  WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END
               END,
               -- ... else the bye, else absent.
               'bye-' || b.kind, 'absent') AS outcome,
           b.requested AS bye_requested
    FROM entry e
    JOIN round r ON r.section_id = e.section_id
    LEFT JOIN game gw ON gw.round_id = r.id AND gw.white_entry = e.id
    LEFT JOIN game gb ON gb.round_id = r.id AND gb.black_entry = e.id
    LEFT JOIN bye b ON b.round_id = r.id AND b.entry_id = e.id
);
