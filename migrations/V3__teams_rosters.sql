-- Migration 3: teams of team events and their rosters.

-- A team in a team event. Board points of a bye and match-point scale are
-- event options (team_rules below).
CREATE TABLE team (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    short_code  TEXT,
    -- The last round the team played before withdrawing.
    withdrawn_after INTEGER CHECK (withdrawn_after IS NULL OR withdrawn_after >= 0),
    UNIQUE (event_id, name),
    UNIQUE (event_id, short_code),
    UNIQUE (id, event_id)
) STRICT;

-- A player on a team's roster, in board order (alternates after the boards).
-- A player may be on only one team per event.
CREATE TABLE roster (
    id          INTEGER PRIMARY KEY,
    team_id     INTEGER NOT NULL,
    event_id    INTEGER NOT NULL,
    player_id   INTEGER NOT NULL REFERENCES player(id),
    board       INTEGER NOT NULL CHECK (board >= 1),
    FOREIGN KEY (team_id, event_id) REFERENCES team(id, event_id) ON DELETE CASCADE,
    UNIQUE (event_id, player_id),
    UNIQUE (team_id, board)
) STRICT;

-- Team-event scoring options, one row per team event.
CREATE TABLE team_rules (
    event_id    INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    boards      INTEGER NOT NULL CHECK (boards BETWEEN 1 AND 20),
    -- Match points for a win, draw, loss, in half-points (default 2/1/0 = 1, ½, 0).
    win_halves  INTEGER NOT NULL DEFAULT 2 CHECK (win_halves >= 0),
    draw_halves INTEGER NOT NULL DEFAULT 1 CHECK (draw_halves >= 0),
    loss_halves INTEGER NOT NULL DEFAULT 0 CHECK (loss_halves >= 0),
    -- What a team bye is worth: match points and game points (NULL: a match
    -- win and the full number of boards).
    bye_match_halves INTEGER CHECK (bye_match_halves IS NULL OR bye_match_halves >= 0),
    bye_game_halves  INTEGER CHECK (bye_game_halves IS NULL OR bye_game_halves >= 0),
    -- Rank teams by match points (default) or by game points.
    rank_by     TEXT NOT NULL DEFAULT 'match-points' CHECK (rank_by IN ('match-points', 'game-points')),
    -- USAT options: ×2 scale and ½ off per opponent bye (spec decision 7).
    usat_doubled  INTEGER NOT NULL DEFAULT 1 CHECK (usat_doubled IN (0, 1)),
    usat_adjusted INTEGER NOT NULL DEFAULT 1 CHECK (usat_adjusted IN (0, 1))
) STRICT;
