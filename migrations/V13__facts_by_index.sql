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
