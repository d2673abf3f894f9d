-- Migration 10: boards of a team match that no game can hold, because a
-- team had nobody to put on them (a team that came with three players, or
-- did not come at all). A game needs two entries; such a board has at most
-- one player, so it is kept here. The team with a player scores the board
-- by forfeit; a board neither team filled is a double forfeit (0-0).

CREATE TABLE team_board_forfeit (
    id            INTEGER PRIMARY KEY,
    team_match_id INTEGER NOT NULL REFERENCES team_match(id) ON DELETE CASCADE,
    board         INTEGER NOT NULL CHECK (board >= 1),
    -- Which team had a player on the board: 'a' (the match's team_a, who
    -- wins it), 'b' (team_b), or 'none' (a double forfeit).
    present       TEXT NOT NULL CHECK (present IN ('a', 'b', 'none')),
    -- The player who was there, when one was and is known.
    player_id     INTEGER REFERENCES player(id),
    CHECK (present <> 'none' OR player_id IS NULL),
    UNIQUE (team_match_id, board)
) STRICT;

CREATE INDEX team_board_forfeit_player ON team_board_forfeit(player_id);

-- A board is either a game or a forfeit without opponent, never both.
CREATE TRIGGER team_board_forfeit_not_a_game BEFORE INSERT ON team_board_forfeit
WHEN EXISTS (SELECT 1 FROM game g WHERE g.team_match_id = NEW.team_match_id AND g.board = NEW.board)
BEGIN
    SELECT RAISE(ABORT, 'that board of the match already has a game');
END;

CREATE TRIGGER team_game_not_a_forfeited_board BEFORE INSERT ON game
WHEN NEW.team_match_id IS NOT NULL
 AND EXISTS (SELECT 1 FROM team_board_forfeit f WHERE f.team_match_id = NEW.team_match_id AND f.board = NEW.board)
BEGIN
    SELECT RAISE(ABORT, 'that board of the match was forfeited without a game');
END;
