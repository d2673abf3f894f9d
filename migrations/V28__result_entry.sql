-- Migration 28: the results entered one game at a time (a result taken at
-- the board on club night, from the command line or the browser console),
-- in the order they were entered, so that "undo the last entry" knows which
-- entry was the last one and can tell whether anything else in the round
-- changed after it (issue 25).
--
-- round_state is the round as it stood just after the entry (every game
-- with its board, players and result, every bye): when the round is no
-- longer so, something else was changed after the entry and undoing it
-- would undo more than the secretary thinks. A game's entries go with it.

CREATE TABLE result_entry (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
    result      TEXT NOT NULL CHECK (result IN ('1-0', '0-1', '1/2-1/2', '0-0', '1F-0F', '0F-1F', '0F-0F')),
    round_state TEXT NOT NULL
) STRICT;

CREATE INDEX result_entry_game ON result_entry(game_id);
