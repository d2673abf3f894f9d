-- Migration 22: team pairing (issue 15).
--
-- `league round pair` pairs a team event's teams (src/store/team_pairing.rs).
-- A team's initial number (FIDE C.04.6's "initial order"; the round-robin
-- table number of a team round robin) is given at the event's first
-- pairing, by the average rating of the team's top boards or by lot, and
-- then stays fixed, like entry.pairing_no (V4) for players. NULL until the
-- first pairing, and for a team added later until the next pairing gives it
-- the next number.

ALTER TABLE team ADD COLUMN pairing_no INTEGER CHECK (pairing_no IS NULL OR pairing_no >= 1);

CREATE UNIQUE INDEX team_pairing_no ON team(event_id, pairing_no) WHERE pairing_no IS NOT NULL;
