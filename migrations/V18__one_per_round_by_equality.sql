-- Migration 18: "one game or bye per round" checked by plain equality look-ups
-- (issue 13, imports at memory speed).
--
-- V13's triggers wrote `g.white_entry IN (NEW.white_entry, NEW.black_entry)`.
-- For a list on the right of IN, SQLite builds a temporary b-tree of the
-- list's values each time the trigger runs (OpenEphemeral, then a seek per
-- value): every recorded game allocated, zeroed and freed two such trees,
-- which was a fifth of importing a 1,000-player TRF file. Written as one
-- EXISTS per (column, value), each test is a single seek in V5's UNIQUE
-- (round_id, white_entry) and (round_id, black_entry) indexes and the
-- bye's (round_id, entry_id). Same rule, same message, same rows refused.

DROP TRIGGER game_one_per_round;
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

DROP TRIGGER game_one_per_round_update;
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
