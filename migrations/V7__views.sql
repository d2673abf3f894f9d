-- Migration 7: the views that supply per-round facts.
--
-- Rust reads player_round (one query per section) to build the records every
-- tiebreak uses; the other views give the same facts summed up, for
-- `league sql` users and for history queries. Points are given both as
-- half-points (exact, `*_halves`) and as ordinary numbers (`points`).
-- Documented in docs/views.md.

-- Each game seen from each player's side.
CREATE VIEW game_side AS
SELECT g.id AS game_id, g.round_id, g.section_id, g.board, g.team_match_id,
       g.white_entry AS entry_id, g.black_entry AS opponent_entry_id, 'W' AS colour,
       CASE g.result WHEN '1-0' THEN 'win' WHEN '0-1' THEN 'loss' WHEN '1/2-1/2' THEN 'draw'
                     WHEN '1F-0F' THEN 'forfeit-win' WHEN '0F-1F' THEN 'forfeit-loss'
                     WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END AS outcome
FROM game g
UNION ALL
SELECT g.id, g.round_id, g.section_id, g.board, g.team_match_id,
       g.black_entry, g.white_entry, 'B',
       CASE g.result WHEN '1-0' THEN 'loss' WHEN '0-1' THEN 'win' WHEN '1/2-1/2' THEN 'draw'
                     WHEN '1F-0F' THEN 'forfeit-loss' WHEN '0F-1F' THEN 'forfeit-win'
                     WHEN '0F-0F' THEN 'double-forfeit' ELSE 'pending' END
FROM game g;

-- One row per entry per round of its section, for every round created so
-- far, including rounds with no game and no bye (outcome 'absent', 0 points:
-- before a late entry, after a withdrawal, or missing).
-- outcome: win, draw, loss (over the board); forfeit-win, forfeit-loss,
-- double-forfeit; bye-full, bye-half, bye-zero; absent; pending (paired,
-- no result yet).
CREATE VIEW player_round AS
SELECT e.section_id, r.id AS round_id, r.number AS round_no, r.date AS round_date,
       e.id AS entry_id, e.player_id, e.pairing_no,
       gs.opponent_entry_id, gs.colour, gs.board, gs.game_id, gs.team_match_id,
       COALESCE(gs.outcome, 'bye-' || b.kind, 'absent') AS outcome,
       b.requested AS bye_requested,
       CASE COALESCE(gs.outcome, 'bye-' || b.kind, 'absent')
            WHEN 'win' THEN 2 WHEN 'forfeit-win' THEN 2 WHEN 'bye-full' THEN 2
            WHEN 'draw' THEN 1 WHEN 'bye-half' THEN 1 ELSE 0 END AS halves,
       CASE COALESCE(gs.outcome, 'bye-' || b.kind, 'absent')
            WHEN 'win' THEN 1 WHEN 'draw' THEN 1 WHEN 'loss' THEN 1 ELSE 0 END AS played
FROM entry e
JOIN round r ON r.section_id = e.section_id
LEFT JOIN game_side gs ON gs.round_id = r.id AND gs.entry_id = e.id
LEFT JOIN bye b ON b.round_id = r.id AND b.entry_id = e.id;

-- Each entry's running score after each round, and its final score.
CREATE VIEW running_score AS
SELECT section_id, entry_id, round_no, halves,
       SUM(halves) OVER (PARTITION BY entry_id ORDER BY round_no) AS running_halves,
       SUM(halves) OVER (PARTITION BY entry_id) AS final_halves,
       SUM(halves) OVER (PARTITION BY entry_id ORDER BY round_no) / 2.0 AS running_points
FROM player_round;

-- Each entry's totals: score, over-the-board part, games, wins, draws, losses.
-- adj_uscf_halves is the score as opponents see it under US Chess 34E:
-- over-the-board points plus ½ for every unplayed round, whatever it scored.
-- adj_fide_halves is the score as opponents see it under FIDE C.07 16.3:
-- as awarded, except requested byes and absences followed only by
-- voluntarily unplayed rounds (a withdrawal's tail), which count as draws.
CREATE VIEW entry_score AS
WITH last_active AS (
    SELECT entry_id,
           MAX(CASE WHEN outcome IN ('win', 'draw', 'loss', 'forfeit-win', 'bye-full') THEN round_no END) AS last_round
    FROM player_round GROUP BY entry_id
)
SELECT pr.section_id, pr.entry_id, pr.player_id, pr.pairing_no,
       SUM(pr.halves) AS score_halves,
       SUM(pr.halves) / 2.0 AS score,
       SUM(CASE WHEN pr.played = 1 THEN pr.halves ELSE 0 END) AS played_halves,
       SUM(pr.played) AS games,
       SUM(pr.outcome = 'win') AS wins,
       SUM(pr.outcome = 'draw') AS draws,
       SUM(pr.outcome = 'loss') AS losses,
       SUM(pr.played = 0 AND pr.outcome <> 'pending') AS unplayed_rounds,
       SUM(CASE WHEN pr.played = 1 THEN pr.halves WHEN pr.outcome = 'pending' THEN 0 ELSE 1 END) AS adj_uscf_halves,
       SUM(CASE WHEN pr.outcome IN ('bye-half', 'bye-zero', 'absent')
                 AND pr.round_no > COALESCE(la.last_round, 0) THEN 1
                ELSE pr.halves END) AS adj_fide_halves
FROM player_round pr
JOIN last_active la ON la.entry_id = pr.entry_id
GROUP BY pr.entry_id;

-- For each entry and round with an opponent: the opponent's final score and
-- the opponent's score adjusted for unplayed rounds, under each family.
CREATE VIEW opponent_score AS
SELECT pr.section_id, pr.entry_id, pr.round_no, pr.outcome, pr.colour,
       pr.opponent_entry_id,
       os.score_halves AS opp_final_halves,
       os.adj_uscf_halves AS opp_adj_uscf_halves,
       os.adj_fide_halves AS opp_adj_fide_halves,
       os.score_halves / 2.0 AS opp_final,
       os.adj_uscf_halves / 2.0 AS opp_adj_uscf,
       os.adj_fide_halves / 2.0 AS opp_adj_fide
FROM player_round pr
JOIN entry_score os ON os.entry_id = pr.opponent_entry_id;

-- Readable views for `league sql`: every game with its context and names.
CREATE VIEW game_detail AS
SELECT s.name AS season, ev.name AS event, sec.name AS section, r.number AS round,
       r.date AS date, g.board,
       pw.name AS white, pb.name AS black,
       COALESCE(g.result, 'pending') AS result,
       g.id AS game_id, g.white_entry, g.black_entry, pw.id AS white_player_id, pb.id AS black_player_id,
       s.id AS season_id, ev.id AS event_id, sec.id AS section_id
FROM game g
JOIN round r ON r.id = g.round_id
JOIN section sec ON sec.id = g.section_id
JOIN event ev ON ev.id = sec.event_id
JOIN season s ON s.id = ev.season_id
JOIN entry ew ON ew.id = g.white_entry JOIN player pw ON pw.id = ew.player_id
JOIN entry eb ON eb.id = g.black_entry JOIN player pb ON pb.id = eb.player_id;

-- Every entry with its context, rating at entry and totals.
CREATE VIEW entry_detail AS
SELECT s.name AS season, ev.name AS event, sec.name AS section, p.name AS player,
       e.pairing_no, e.rating, es.score, es.games, es.wins, es.draws, es.losses,
       e.withdrawn_after,
       e.id AS entry_id, p.id AS player_id, s.id AS season_id, ev.id AS event_id, sec.id AS section_id
FROM entry e
JOIN player p ON p.id = e.player_id
JOIN section sec ON sec.id = e.section_id
JOIN event ev ON ev.id = sec.event_id
JOIN season s ON s.id = ev.season_id
LEFT JOIN entry_score es ON es.entry_id = e.id;
