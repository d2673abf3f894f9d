-- Migration 13: per-round facts found by index (issue 6, benchmarks).
--
-- V7's player_round joined each entry's round to the game_side view (a
-- UNION ALL of every game seen from each side). SQLite cannot push a
-- section or entry filter into that join, so every query of player_round
-- first built game_side for the WHOLE database: standings for one section
-- of a 30-season league (240,000 games) took 0.3 s instead of a few ms,
-- and the time grew with the archive, not with the section.
--
-- Here the game is looked up twice, as White and as Black, through the
-- UNIQUE (round_id, white_entry) and (round_id, black_entry) indexes. A
-- player has at most one game or bye per round (V5's triggers), so at most
-- one of the two lookups finds a game and the rows are exactly V7's: same
-- columns, same order, same values (see docs/views.md). The views built on
-- player_round (running_score, entry_score, opponent_score) name it, so
-- they read the new definition without being recreated. game_side is
-- unchanged.

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
                                  WHEN '1F-0F' THEN 'forfeit-win' WHEN '0F-1F' THEN 'forfeit-loss'
                                  WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END
               -- ... or from Black's side ...
                    WHEN gb.id IS NOT NULL THEN
                   CASE gb.result WHEN '1-0' THEN 'loss' WHEN '0-1' THEN 'win' WHEN '1/2-1/2' THEN 'draw'
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

-- A section's games and byes by section: standings read a section's facts
-- from game_side (a UNION ALL over game, into which SQLite does push a
-- section filter) and bye, and with these indexes each side is one range
-- scan of the section's rows instead of a scan of the whole archive.
CREATE INDEX game_section ON game(section_id);
CREATE INDEX bye_section ON bye(section_id);

-- "A player has at most one game or bye per round" (V5), the same rule
-- with each test an index look-up. V5's conditions (`g.white_entry IN (...)
-- OR g.black_entry IN (...)`, `NEW.entry_id IN (g.white_entry,
-- g.black_entry)`) could use only the round part of an index, so every new
-- game or bye was checked against every game of its round: recording or
-- importing a 500-game round compared about 125,000 pairs. Split into one
-- EXISTS per column, each is answered by V5's UNIQUE (round_id,
-- white_entry) and (round_id, black_entry) indexes. Same rule, same
-- message.
DROP TRIGGER game_one_per_round;
CREATE TRIGGER game_one_per_round BEFORE INSERT ON game
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.white_entry IN (NEW.white_entry, NEW.black_entry))
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.black_entry IN (NEW.white_entry, NEW.black_entry))
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id IN (NEW.white_entry, NEW.black_entry))
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

DROP TRIGGER game_one_per_round_update;
CREATE TRIGGER game_one_per_round_update BEFORE UPDATE OF white_entry, black_entry, round_id ON game
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
               AND g.white_entry IN (NEW.white_entry, NEW.black_entry))
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
               AND g.black_entry IN (NEW.white_entry, NEW.black_entry))
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id IN (NEW.white_entry, NEW.black_entry))
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

DROP TRIGGER bye_one_per_round;
CREATE TRIGGER bye_one_per_round BEFORE INSERT ON bye
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.white_entry = NEW.entry_id)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.black_entry = NEW.entry_id)
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;
