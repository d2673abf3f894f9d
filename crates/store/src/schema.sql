-- GENERATED from migrations/ by the unit test
-- store::migrate::tests::the_schema_script_is_what_the_migrations_make:
-- a new database gets this schema in one go (see store/migrate.rs).
-- Do not edit; regenerate with LEAGUE_WRITE_SCHEMA=1 cargo test --lib schema_script

CREATE TABLE refinery_schema_history(
             version int4 PRIMARY KEY,
             name VARCHAR(255),
             applied_on VARCHAR(255),
             checksum VARCHAR(255));

CREATE TABLE season (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    start_date  TEXT CHECK (start_date IS NULL OR date(start_date) IS start_date),
    end_date    TEXT CHECK (end_date IS NULL OR date(end_date) IS end_date),
    -- Grand-prix rules for season-long tables (JSON), when the season has them.
    grand_prix  TEXT
) STRICT;

CREATE TABLE event (
    id          INTEGER PRIMARY KEY,
    season_id   INTEGER NOT NULL REFERENCES season(id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('swiss', 'round-robin', 'team-swiss', 'team-round-robin')),
    -- Planned number of rounds.
    rounds      INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 99),
    start_date  TEXT CHECK (start_date IS NULL OR date(start_date) IS start_date),
    end_date    TEXT CHECK (end_date IS NULL OR date(end_date) IS end_date),
    -- Tiebreak order: a preset name or comma-separated codes (see `league tiebreaks`).
    tiebreaks   TEXT NOT NULL,
    -- US Chess "actual play before unplayed points" rule (spec 1.15).
    actual_play_first INTEGER NOT NULL DEFAULT 0 CHECK (actual_play_first IN (0, 1)),
    -- FIDE C.07 edition for unplayed rounds; NULL: follow the start date.
    fide_edition INTEGER CHECK (fide_edition IS NULL OR fide_edition IN (2009, 2024, 2026)),
    -- US Chess `sb` on adjusted instead of final scores (spec decision 3).
    sb_adjusted INTEGER NOT NULL DEFAULT 0 CHECK (sb_adjusted IN (0, 1)),
    -- Coin flip allowed (non-divisible prizes only); its seed once drawn.
    coin_allowed INTEGER NOT NULL DEFAULT 0 CHECK (coin_allowed IN (0, 1)),
    coin_seed   INTEGER, prize_split TEXT NOT NULL DEFAULT 'pooled'
    CHECK (prize_split IN ('pooled', 'hort', 'tiebreak')), affiliate_id TEXT
    CHECK (affiliate_id IS NULL OR length(trim(affiliate_id)) > 0), chief_td_id TEXT
    CHECK (chief_td_id IS NULL OR length(trim(chief_td_id)) > 0), assistant_td_id TEXT
    CHECK (assistant_td_id IS NULL OR length(trim(assistant_td_id)) > 0), city TEXT CHECK (city IS NULL OR length(trim(city)) > 0), state TEXT
    CHECK (state IS NULL OR (length(state) = 2 AND state = upper(state))), zip TEXT CHECK (zip IS NULL OR length(trim(zip)) > 0), country TEXT
    CHECK (country IS NULL OR (length(country) = 3 AND country = upper(country))), time_control TEXT
    CHECK (time_control IS NULL OR length(trim(time_control)) > 0), rating_system TEXT
    CHECK (rating_system IS NULL OR rating_system IN ('regular', 'quick', 'dual')), chief_arbiter TEXT
    CHECK (chief_arbiter IS NULL OR length(trim(chief_arbiter)) > 0), deputy_arbiter TEXT
    CHECK (deputy_arbiter IS NULL OR length(trim(deputy_arbiter)) > 0), rating_basis TEXT NOT NULL DEFAULT 'uscf'
    CHECK (rating_basis IN ('fide', 'uscf', 'national', 'club')), player_reports TEXT NOT NULL DEFAULT 'off'
    CHECK (player_reports IN ('off', 'confirm', 'agree')), venue TEXT CHECK (venue IS NULL OR length(trim(venue)) > 0), rated TEXT CHECK (rated IS NULL OR rated IN ('fide', 'uscf', 'both', 'none')),
    UNIQUE (season_id, name)
) STRICT;

CREATE TABLE section (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    rating_min  INTEGER CHECK (rating_min IS NULL OR rating_min >= 0),
    rating_max  INTEGER CHECK (rating_max IS NULL OR rating_max >= 0),
    CHECK (rating_min IS NULL OR rating_max IS NULL OR rating_min <= rating_max),
    UNIQUE (event_id, name)
) STRICT;

CREATE INDEX event_season ON event(season_id);

CREATE INDEX section_event ON section(event_id);

CREATE TABLE player (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    uscf_id     TEXT UNIQUE CHECK (uscf_id IS NULL OR length(uscf_id) > 0),
    fide_id     TEXT UNIQUE CHECK (fide_id IS NULL OR length(fide_id) > 0),
    -- Current ratings, when known (an entry keeps the rating at entry).
    rating      INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    fide_rating INTEGER CHECK (fide_rating IS NULL OR fide_rating BETWEEN 0 AND 4000),
    federation  TEXT,
    title       TEXT
, state TEXT
    CHECK (state IS NULL OR (length(state) = 2 AND state = upper(state))), club TEXT CHECK (club IS NULL OR length(trim(club)) > 0), fide_k INTEGER CHECK (fide_k IS NULL OR fide_k IN (10, 20, 40))) STRICT;

CREATE INDEX player_name ON player(name COLLATE NOCASE);

CREATE TABLE team (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    name        TEXT NOT NULL CHECK (length(trim(name)) > 0),
    short_code  TEXT,
    -- The last round the team played before withdrawing.
    withdrawn_after INTEGER CHECK (withdrawn_after IS NULL OR withdrawn_after >= 0), pairing_no INTEGER CHECK (pairing_no IS NULL OR pairing_no >= 1),
    UNIQUE (event_id, name),
    UNIQUE (event_id, short_code),
    UNIQUE (id, event_id)
) STRICT;

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

CREATE TABLE entry (
    id          INTEGER PRIMARY KEY,
    section_id  INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
    player_id   INTEGER NOT NULL REFERENCES player(id),
    pairing_no  INTEGER NOT NULL CHECK (pairing_no >= 1),
    -- Rating at entry (pre-event), used by rating-based tiebreaks.
    rating      INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    -- Team, for team events.
    team_id     INTEGER REFERENCES team(id),
    -- The last round the player took part in before withdrawing.
    withdrawn_after INTEGER CHECK (withdrawn_after IS NULL OR withdrawn_after >= 0),
    UNIQUE (section_id, player_id),
    UNIQUE (section_id, pairing_no),
    -- Lets games name (entry, section) pairs, so SQLite itself keeps both
    -- players of a game in the game's section.
    UNIQUE (id, section_id)
) STRICT;

CREATE INDEX entry_player ON entry(player_id);

CREATE TABLE round (
    id          INTEGER PRIMARY KEY,
    section_id  INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
    number      INTEGER NOT NULL CHECK (number >= 1),
    date        TEXT CHECK (date IS NULL OR date(date) IS date), start_time TEXT
    CHECK (start_time IS NULL OR (length(start_time) = 5 AND time(start_time) IS start_time || ':00')),
    UNIQUE (section_id, number),
    UNIQUE (id, section_id)
) STRICT;

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

CREATE TRIGGER team_match_one_per_round BEFORE INSERT ON team_match
WHEN EXISTS (SELECT 1 FROM team_match m WHERE m.round_id = NEW.round_id
               AND (m.team_a IN (NEW.team_a, NEW.team_b) OR m.team_b IN (NEW.team_a, NEW.team_b)))
BEGIN
    SELECT RAISE(ABORT, 'a team already has a match or bye in this round');
END;

CREATE TABLE bye (
    id          INTEGER PRIMARY KEY,
    round_id    INTEGER NOT NULL,
    section_id  INTEGER NOT NULL,
    entry_id    INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('full', 'half', 'zero')),
    requested   INTEGER NOT NULL CHECK (requested IN (0, 1)), late_entry INTEGER NOT NULL DEFAULT 0 CHECK (late_entry IN (0, 1)),
    FOREIGN KEY (round_id, section_id) REFERENCES round(id, section_id) ON DELETE CASCADE,
    FOREIGN KEY (entry_id, section_id) REFERENCES entry(id, section_id) ON DELETE CASCADE,
    UNIQUE (round_id, entry_id)
) STRICT;

CREATE INDEX bye_entry ON bye(entry_id);

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

CREATE TABLE audit (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,              -- UTC timestamp, ISO 8601
    who         TEXT,                       -- $LEAGUE_USER or $USER when known
    action      TEXT NOT NULL CHECK (action IN ('correct', 'delete', 'rename', 'merge', 'withdraw', 'edit', 'restore')),
    subject     TEXT NOT NULL,              -- what changed, in words ("Winter Swiss U1600 round 3 board 2")
    old_value   TEXT,
    new_value   TEXT,
    reason      TEXT
, event_id INTEGER REFERENCES event(id) ON DELETE SET NULL) STRICT;

CREATE VIEW running_score AS
SELECT section_id, entry_id, round_no, halves,
       SUM(halves) OVER (PARTITION BY entry_id ORDER BY round_no) AS running_halves,
       SUM(halves) OVER (PARTITION BY entry_id) AS final_halves,
       SUM(halves) OVER (PARTITION BY entry_id ORDER BY round_no) / 2.0 AS running_points
FROM player_round;

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

CREATE TABLE setting (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL
) STRICT;

CREATE INDEX audit_event ON audit(event_id);

CREATE INDEX audit_action ON audit(action);

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

CREATE TRIGGER team_board_forfeit_not_a_game BEFORE INSERT ON team_board_forfeit
WHEN EXISTS (SELECT 1 FROM game g WHERE g.team_match_id = NEW.team_match_id AND g.board = NEW.board)
BEGIN
    SELECT RAISE(ABORT, 'that board of the match already has a game');
END;

CREATE TABLE player_merge (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL,              -- UTC timestamp, ISO 8601
    who         TEXT,                       -- $LEAGUE_USER or $USER when known
    -- The player merged away (its row no longer exists).
    from_player_id INTEGER NOT NULL,
    from_name   TEXT NOT NULL,
    from_uscf_id TEXT,
    from_fide_id TEXT,
    -- The player who remains, with everything the other had. Not a
    -- foreign key: that player may later be merged into a third one, and
    -- this row must still say what happened then.
    into_player_id INTEGER NOT NULL,
    into_name   TEXT NOT NULL,
    -- What moved: entries (sections entered), the games and byes of those
    -- entries, roster places, other rows naming the player (other_moved,
    -- e.g. "team_board_forfeit: 1"); and the details filled in from the
    -- merged player ("US Chess id 12345678; rating 1650"), or NULL.
    entries_moved INTEGER NOT NULL CHECK (entries_moved >= 0),
    games_moved INTEGER NOT NULL CHECK (games_moved >= 0),
    byes_moved  INTEGER NOT NULL CHECK (byes_moved >= 0),
    rosters_moved INTEGER NOT NULL CHECK (rosters_moved >= 0),
    other_moved TEXT,
    filled_in   TEXT,
    reason      TEXT,
    CHECK (from_player_id <> into_player_id)
) STRICT;

CREATE INDEX player_merge_into ON player_merge(into_player_id);

CREATE INDEX player_merge_from ON player_merge(from_player_id);

CREATE INDEX event_name ON event(name COLLATE NOCASE);

CREATE INDEX roster_player ON roster(player_id);

CREATE INDEX bye_section ON bye(section_id);

CREATE TRIGGER bye_one_per_round BEFORE INSERT ON bye
WHEN EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.white_entry = NEW.entry_id)
  OR EXISTS (SELECT 1 FROM game g WHERE g.round_id = NEW.round_id AND g.black_entry = NEW.entry_id)
BEGIN
    SELECT RAISE(ABORT, 'a player already has a game or bye in this round');
END;

CREATE TABLE pairing_rules (
    event_id    INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    -- 'dutch' (FIDE C.04.3), 'uscf' (US Chess 27-29), 'berger' (FIDE C.05
    -- Annex 1), 'crenshaw' (US Chess round-robin tables), or 'manual': the
    -- secretary pairs elsewhere and records the sheets.
    system      TEXT NOT NULL CHECK (system IN ('dutch', 'uscf', 'berger', 'crenshaw', 'manual')),
    -- The colour pairing number 1 gets in round 1 (FIDE "initial colour").
    initial_colour TEXT NOT NULL DEFAULT 'white' CHECK (initial_colour IN ('white', 'black')),
    -- Acceleration of the first rounds: none, or FIDE Baku (C.04.5.1).
    acceleration TEXT NOT NULL DEFAULT 'none' CHECK (acceleration IN ('none', 'baku')),
    -- What the pairing-allocated bye is worth (bye.kind of the row it writes).
    bye_points  TEXT NOT NULL DEFAULT 'full' CHECK (bye_points IN ('full', 'half', 'zero')),
    -- Round robins: the table played twice, colours reversed the second time.
    double_round_robin INTEGER NOT NULL DEFAULT 0 CHECK (double_round_robin IN (0, 1)),
    -- Round robins: table numbers in rating order or drawn by lot.
    numbers     TEXT NOT NULL DEFAULT 'rating' CHECK (numbers IN ('rating', 'drawn'))
, team_mates TEXT NOT NULL DEFAULT 'if-possible'
    CHECK (team_mates IN ('never', 'if-possible', 'ignore')), alternation_limit INTEGER NOT NULL DEFAULT 80
    CHECK (alternation_limit BETWEEN 0 AND 4000), equalisation_limit INTEGER NOT NULL DEFAULT 200
    CHECK (equalisation_limit BETWEEN 0 AND 4000), accelerate_rounds INTEGER NOT NULL DEFAULT 0
    CHECK (accelerate_rounds >= 0), colour_priority TEXT NOT NULL DEFAULT 'natural'
    CHECK (colour_priority IN ('natural', 'colours')), unrated_bye TEXT NOT NULL DEFAULT 'last'
    CHECK (unrated_bye IN ('last', 'lowest'))) STRICT;

CREATE TABLE prize (
    id          INTEGER PRIMARY KEY,
    section_id  INTEGER NOT NULL REFERENCES section(id) ON DELETE CASCADE,
    -- Position in the list (1, 2, ...): the order prizes are shown and, for
    -- trophies, handed out.
    position    INTEGER NOT NULL CHECK (position >= 1),
    -- place: a place in the standings; class: a place among a rating class;
    -- special: awarded by hand (best game, upset).
    kind        TEXT NOT NULL CHECK (kind IN ('place', 'class', 'special')),
    -- The place (1 for 1st), overall or within the class; 1 for special.
    place       INTEGER NOT NULL DEFAULT 1 CHECK (place >= 1),
    -- A class: rated min <= rating < below (either open), or unrated only.
    rating_min  INTEGER CHECK (rating_min IS NULL OR rating_min BETWEEN 0 AND 4000),
    rating_below INTEGER CHECK (rating_below IS NULL OR rating_below BETWEEN 1 AND 4001),
    unrated     INTEGER NOT NULL DEFAULT 0 CHECK (unrated IN (0, 1)),
    -- A special prize's name ("Best game").
    name        TEXT CHECK (name IS NULL OR length(trim(name)) > 0),
    -- Money in cents, or an indivisible item ("trophy"): exactly one.
    cash_cents  INTEGER CHECK (cash_cents IS NULL OR cash_cents > 0),
    item        TEXT CHECK (item IS NULL OR length(trim(item)) > 0),
    -- A special prize's winner, named by the secretary.
    winner_entry_id INTEGER REFERENCES entry(id) ON DELETE SET NULL,
    CHECK ((cash_cents IS NULL) <> (item IS NULL)),
    CHECK (kind = 'class' OR (rating_min IS NULL AND rating_below IS NULL AND unrated = 0)),
    CHECK (kind <> 'class' OR unrated = 1 OR rating_min IS NOT NULL OR rating_below IS NOT NULL),
    CHECK (unrated = 0 OR (rating_min IS NULL AND rating_below IS NULL)),
    CHECK (rating_min IS NULL OR rating_below IS NULL OR rating_min < rating_below),
    CHECK ((kind = 'special') = (name IS NOT NULL)),
    CHECK (kind = 'special' OR winner_entry_id IS NULL),
    UNIQUE (section_id, position)
) STRICT;

CREATE INDEX prize_section ON prize(section_id);

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

CREATE INDEX game_black ON game(black_entry);

CREATE INDEX game_pair ON game(white_entry, black_entry);

CREATE INDEX game_section ON game(section_id);

CREATE TRIGGER team_game_not_a_forfeited_board BEFORE INSERT ON game
WHEN NEW.team_match_id IS NOT NULL
 AND EXISTS (SELECT 1 FROM team_board_forfeit f WHERE f.team_match_id = NEW.team_match_id AND f.board = NEW.board)
BEGIN
    SELECT RAISE(ABORT, 'that board of the match was forfeited without a game');
END;

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

CREATE TABLE "rating_history" (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
    -- uscf: US Chess regular rating (player.rating); fide: player.fide_rating.
    system      TEXT NOT NULL CHECK (system IN ('uscf', 'fide')),
    -- The rating the list replaced; NULL: the player was unrated until it.
    rating      INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 4000),
    -- The list that replaced it (its file name, or the name given with
    -- --list), and the date it was replaced.
    list        TEXT NOT NULL CHECK (length(trim(list)) > 0),
    replaced_on TEXT NOT NULL CHECK (date(replaced_on) IS replaced_on)
) STRICT;

CREATE INDEX rating_history_player ON rating_history(player_id, system);

CREATE UNIQUE INDEX team_pairing_no ON team(event_id, pairing_no) WHERE pairing_no IS NOT NULL;

CREATE INDEX game_team_match ON game(team_match_id) WHERE team_match_id IS NOT NULL;

CREATE TABLE result_entry (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    result      TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '0-0', '1F-0F', '0F-1F', '0F-0F')),
    round_state TEXT NOT NULL
) STRICT;

CREATE INDEX result_entry_game ON result_entry(game_id);

CREATE TABLE result_report (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    side        TEXT NOT NULL CHECK (side IN ('white', 'black')),
    result      TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    at          TEXT NOT NULL
) STRICT;

CREATE INDEX result_report_game ON result_report(game_id);

CREATE TABLE "records_changed" (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    n           INTEGER NOT NULL,
    at          TEXT
) STRICT;

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

INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (1, 'seasons_events_sections', '', '14355958388445697254');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (2, 'players', '', '7009160878929089905');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (3, 'teams_rosters', '', '295636963338159859');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (4, 'entries', '', '12385001985689090695');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (5, 'rounds_matches_games_byes', '', '15421735058037400072');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (6, 'audit', '', '8216875206399513817');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (7, 'views', '', '9672067821480095652');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (8, 'settings', '', '17503663190646699611');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (9, 'audit_event', '', '17658954851384048023');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (10, 'team_board_forfeit', '', '5957097420429671433');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (11, 'history_merges_indexes', '', '17417849914753808249');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (13, 'facts_by_index', '', '4486334936032095547');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (14, 'pairing_settings', '', '15449965100533547008');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (15, 'prizes_and_reports', '', '14138558305337547870');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (18, 'one_per_round_by_equality', '', '2301866113880206848');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (19, 'uscf_options', '', '15062263169629300724');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (20, 'game_double_loss', '', '5038346838577814385');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (21, 'rating_history_unrated', '', '10764841236168925952');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (22, 'team_pairing', '', '11675732286109342599');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (23, 'game_index_upkeep', '', '18394998942375098267');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (24, 'event_rating_basis', '', '13120029103379319939');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (25, 'records_changed', '', '15584345370721691649');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (26, 'uscf_choices', '', '5131184487398972764');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (27, 'late_entry_bye', '', '1837406861756031872');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (28, 'result_entry', '', '2213706343575827572');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (29, 'players_board', '', '11074589645109149916');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (30, 'event_venue_rated_round_time_fide_k', '', '14968493830908923907');
INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (31, 'one_record_of_changes', '', '11639468218982006556');
