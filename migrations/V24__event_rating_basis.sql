-- Migration 24: each event says which rating it goes by (issue 27, slip 2).
--
-- A player may have a US Chess rating (player.rating) and a FIDE rating
-- (player.fide_rating). An entry keeps the rating at entry, and everything
-- in the event reads that one: pairing numbers, the standings' rating
-- column, ARO/TPR-style tiebreaks, rating bands and prize classes, the
-- round sheet. Before this, an entry always took player.rating, so a FIDE
-- event paired and ranked by US Chess ratings while `export trf` wrote
-- FIDE ones. Now the event's basis decides which rating an entry takes:
--   fide             player.fide_rating
--   uscf             player.rating (the US Chess rating)
--   national, club   player.rating too: the one rating besides FIDE a
--                    player has here; the basis names what it is.
-- A player without a rating of the event's kind is unrated there.
-- Existing events took player.rating, so they are 'uscf': nothing they
-- show changes.

ALTER TABLE event ADD COLUMN rating_basis TEXT NOT NULL DEFAULT 'uscf'
    CHECK (rating_basis IN ('fide', 'uscf', 'national', 'club'));
