-- Migration 30: what a reader of a live event's pages asks first (issue 28).
--
-- event.venue names where the event is played ("Riverside Community
-- Hall"), beside V15's city, state and country.
--
-- event.rated says which federations rate the event: 'fide', 'uscf',
-- 'both' or 'none'. NULL: not stated, and the event counts as rated as
-- before this migration, by inference (a FIDE chief arbiter: FIDE; a US
-- Chess rating system: US Chess). A stated value always wins.
--
-- round.start_time is the round's start, HH:MM on the 24-hour clock, local
-- to the venue, beside its date.
--
-- player.fide_k is the player's FIDE K factor (10, 20 or 40, FIDE Rating
-- Regulations 8.3.3) as the FIDE list publishes it, entered with the rating; NULL:
-- not known, and the estimate assumes one and says so.

ALTER TABLE event ADD COLUMN venue TEXT CHECK (venue IS NULL OR length(trim(venue)) > 0);
ALTER TABLE event ADD COLUMN rated TEXT CHECK (rated IS NULL OR rated IN ('fide', 'uscf', 'both', 'none'));
ALTER TABLE round ADD COLUMN start_time TEXT
    CHECK (start_time IS NULL OR (length(start_time) = 5 AND time(start_time) IS start_time || ':00'));
ALTER TABLE player ADD COLUMN fide_k INTEGER CHECK (fide_k IS NULL OR fide_k IN (10, 20, 40));
