-- Migration 26: the US Chess Swiss choices directors differ on (issue 29).
--
-- colour_priority: 'natural' (the natural pairing first, colours fixed by
-- single transpositions and interchanges within the 29E5 limits, board by
-- board from the top, as US directors and SwissSys do) or 'colours'
-- (colours within the limits above top half against bottom half, the
-- engine's order before issue 29).
-- unrated_bye: 'last' (28L2: the bye to a rated player of the lowest score
-- group while one can take it) or 'lowest' (unrated players count as rated
-- 0 for the bye too). See docs/pairing.md.

ALTER TABLE pairing_rules ADD COLUMN colour_priority TEXT NOT NULL DEFAULT 'natural'
    CHECK (colour_priority IN ('natural', 'colours'));
ALTER TABLE pairing_rules ADD COLUMN unrated_bye TEXT NOT NULL DEFAULT 'last'
    CHECK (unrated_bye IN ('last', 'lowest'));
