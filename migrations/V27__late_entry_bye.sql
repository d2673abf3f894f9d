-- Migration 27: a late entry's byes for the rounds played before they
-- entered (`league enter --missed half|zero` after round 1) are marked, so
-- that round show, the round sheet and JSON say "late entry" rather than
-- "requested bye" (issue 27). They stay requested byes for pairing and
-- tiebreaks (the player asked to join late); only the wording differs.
-- Byes recorded before this migration keep late_entry = 0: which of them
-- were late entries cannot be told apart afterwards.

ALTER TABLE bye ADD COLUMN late_entry INTEGER NOT NULL DEFAULT 0 CHECK (late_entry IN (0, 1));
