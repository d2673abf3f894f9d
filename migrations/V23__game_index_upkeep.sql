-- Migration 23: fewer indexes to keep up on every game written (issue 13,
-- imports at memory speed).
--
-- Every game inserted updates each index of the game table; a 1,000-player
-- TRF import writes 4,400 games, and `round record` hundreds. Two of them
-- did no work the others do not already do:
--   * game_white (white_entry) is the leading column of game_pair
--     (white_entry, black_entry), which answers every look-up by white
--     entry (and the foreign keys' look-ups from entry) as well;
--   * game_team_match (team_match_id) held a row for every game, though
--     only boards of team matches have a team match: it now holds those
--     alone. SQLite uses such a partial index for `team_match_id = ?`
--     (which implies NOT NULL), so finding a match's boards and the
--     ON DELETE CASCADE from team_match use it as before.
-- No rule changes: the same rows are allowed and refused.

DROP INDEX game_white;

DROP INDEX game_team_match;
CREATE INDEX game_team_match ON game(team_match_id) WHERE team_match_id IS NOT NULL;
