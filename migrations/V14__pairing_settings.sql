-- Migration 14: how an event's rounds are paired (issues 14 and 15).
--
-- One row per event, like team_rules (V3): the settings belong to the
-- event, so every section of it is paired the same way. `league event
-- add` writes the row with the defaults of the event's kind (see
-- src/domain/pairing/settings.rs and docs/pairing.md); `league event edit`
-- changes it. Events recorded before this migration were paired in another
-- program, so they get 'manual' here.
--
-- Pairing numbers are not stored here: they stay in entry.pairing_no (V4),
-- numbered in rating order (C.04.2) or by lot at an event's first pairing.

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
) STRICT;

INSERT INTO pairing_rules (event_id, system) SELECT id, 'manual' FROM event;
