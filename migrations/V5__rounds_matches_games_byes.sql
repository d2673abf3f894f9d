-- Migration 5: rounds, team matches, games and byes, with the rules SQLite
-- enforces itself.

CREATE TABLE round (
    id          INTEGER PRIMARY KEY,
    section_id  INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),
    date        TEXT CHECK (date IS NULL OR date(date) IS date),
    UNIQUE (section_id, number),
    UNIQUE (id, section_id)
) STRICT;

-- A team match of a round: team_a against team_b, or team_a's bye when
-- team_b is NULL. points_*_halves hold the score when the match is recorded
-- without board details (e.g. 3½-½ from an old crosstable), or the value of
-- a bye; NULL when the score comes from the board games.
CREATE TABLE team_match (
    id          INTEGER PRIMARY KEY,
    round_id    INTEGER NOT NULL,
    section_id  INTEGER NOT NULL,
    team_a      INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    team_b      INTEGER REFERENCES team(id) ON DELETE CASCADE,
    points_a_halves INTEGER CHECK (points_a_halves IS NULL OR points_a_halves >= 0),
    points_b_halves INTEGER CHECK (points_b_halves IS NULL OR points_b_halves >= 0),
    CHECK (team_b IS NULL OR team_a <> team_b),
    FOREIGN KEY (round_id, section_id) REFERENCES round(id, section_id) ON DELETE CASCADE,
    UNIQUE (round_id, team_a),
    UNIQUE (round_id, team_b)
) STRICT;

-- A team plays at most once per round.
CREATE TRIGGER team_match_one_per_round BEFORE INSERT ON team_match
WHEN EXISTS (SELECT 1 FROM team_match m WHERE m.round_id = NEW.round_id
               AND (m.team_a IN (NEW.team_a, NEW.team_b) OR m.team_b IN (NEW.team_a, NEW.team_b)))
BEGIN
    SELECT RAISE(ABORT, 'a team already has a match or bye in this round');
END;

-- A game of a round. result NULL means paired but not yet played.
-- Results: '1-0', '0-1', '1/2-1/2' over the board; '1F-0F' white wins by
-- forfeit, '0F-1F' black wins by forfeit, '0F-0F' double forfeit.
CREATE TABLE game (
    id          INTEGER PRIMARY KEY,
    round_id    INTEGER NOT NULL,
    section_id  INTEGER NOT NULL,
    board       INTEGER CHECK (board IS NULL OR board >= 1),
    white_entry INTEGER NOT NULL,
    black_entry INTEGER NOT NULL,
    -- The team match this game is a board of, in team events.
    team_match_id INTEGER REFERENCES team_match(id) ON DELETE CASCADE,
    result      TEXT CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '1F-0F', '0F-1F', '0F-0F')),
    CHECK (white_entry <> black_entry),
    FOREIGN KEY (round_id, section_id) REFERENCES round(id, section_id) ON DELETE CASCADE,
    FOREIGN KEY (white_entry, section_id) REFERENCES entry(id, section_id) ON DELETE CASCADE,
    FOREIGN KEY (black_entry, section_id) REFERENCES entry(id, section_id) ON DELETE CASCADE,
    UNIQUE (round_id, white_entry),
    UNIQUE (round_id, black_entry)
) STRICT;

CREATE INDEX game_white ON game(white_entry);
CREATE INDEX game_black ON game(black_entry);
CREATE INDEX game_team_match ON game(team_match_id);

-- A bye: full (1), half (½) or zero (0) point; requested by the player or
-- assigned by the pairing (the odd player's full point).
CREATE TABLE bye (
    id          INTEGER PRIMARY KEY,
    round_id    INTEGER NOT NULL,
    section_id  INTEGER NOT NULL,
    entry_id    INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('full', 'half', 'zero')),
    requested   INTEGER NOT NULL CHECK (requested IN (0, 1)),
    FOREIGN KEY (round_id, section_id) REFERENCES round(id, section_id) ON DELETE CASCADE,
    FOREIGN KEY (entry_id, section_id) REFERENCES entry(id, section_id) ON DELETE CASCADE,
    UNIQUE (round_id, entry_id)
) STRICT;

CREATE INDEX bye_entry ON bye(entry_id);

-- A round's number must be within its event's planned rounds.
CREATE TRIGGER round_within_event BEFORE INSERT ON round
WHEN NEW.number > (SELECT e.rounds FROM section s JOIN event e ON e.id = s.event_id WHERE s.id = NEW.section_id)
BEGIN
    SELECT RAISE(ABORT, 'round number is beyond the event''s planned rounds');
END;

CREATE TRIGGER round_within_event_update BEFORE UPDATE OF number ON round
WHEN NEW.number > (SELECT e.rounds FROM section s JOIN event e ON e.id = s.event_id WHERE s.id = NEW.section_id)
BEGIN
    SELECT RAISE(ABORT, 'round number is beyond the event''s planned rounds');
END;

-- A player has at most one game or bye per round (the UNIQUE constraints
-- cover white-white and black-black; these cover the rest).
CREATE TRIGGER game_one_per_round BEFORE INSERT ON game
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id
               AND (g.white_entry IN (NEW.white_entry, NEW.black_entry) OR g.black_entry IN (NEW.white_entry, NEW.black_entry)))
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id IN (NEW.white_entry, NEW.black_entry))
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

CREATE TRIGGER game_one_per_round_update BEFORE UPDATE OF white_entry, black_entry, round_id ON game
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.id <> NEW.id
               AND (g.white_entry IN (NEW.white_entry, NEW.black_entry) OR g.black_entry IN (NEW.white_entry, NEW.black_entry)))
  OR EXISTS (SELECT 1 FROM bye b WHERE b.round_id = NEW.round_id AND b.entry_id IN (NEW.white_entry, NEW.black_entry))
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

CREATE TRIGGER bye_one_per_round BEFORE INSERT ON bye
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND NEW.entry_id IN (g.white_entry, g.black_entry))
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;
