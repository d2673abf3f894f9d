-- Migration 19: the US Chess Swiss options of an event (issue 15), and a
-- player's club for team-mate avoidance.
--
-- pairing_rules (V14) gains what WinTD and SwissSys let a director set for
-- a US Chess Swiss: team-mate avoidance (28N), the colour limits of 29E5
-- (80 points for alternation, 200 for equalisation) and the number of
-- rounds paired with added-score acceleration (28R1; 0 for none). The
-- defaults are those programs' defaults, so every existing event reads as
-- it did. See src/domain/pairing/settings.rs and docs/pairing.md.

ALTER TABLE pairing_rules ADD COLUMN team_mates TEXT NOT NULL DEFAULT 'if-possible'
    CHECK (team_mates IN ('never', 'if-possible', 'ignore'));
ALTER TABLE pairing_rules ADD COLUMN alternation_limit INTEGER NOT NULL DEFAULT 80
    CHECK (alternation_limit BETWEEN 0 AND 4000);
ALTER TABLE pairing_rules ADD COLUMN equalisation_limit INTEGER NOT NULL DEFAULT 200
    CHECK (equalisation_limit BETWEEN 0 AND 4000);
ALTER TABLE pairing_rules ADD COLUMN accelerate_rounds INTEGER NOT NULL DEFAULT 0
    CHECK (accelerate_rounds >= 0);

-- The player's club or team, for 28N (players of one club kept apart);
-- NULL when none is known.
ALTER TABLE player ADD COLUMN club TEXT CHECK (club IS NULL OR length(trim(club)) > 0);
