-- Sheli user store, schema version 3: the GUID a card came with.
--
-- A card imported from a text file that gives GUIDs (Anki's own export, or
-- Sheli's) keeps the GUID the file gave it, so that exporting it again — to
-- Anki, or to another Sheli — names the same note, and importing a changed
-- file again updates the card instead of adding it twice. A card made in
-- Sheli has none (NULL): its GUID is derived from its id and the moment it
-- was made (store/src/export/anki_tsv.rs, card_guid). Within a glossary a
-- GUID names one card.
ALTER TABLE card ADD COLUMN guid TEXT;
CREATE UNIQUE INDEX card_guid_once ON card(glossary_id, guid) WHERE guid IS NOT NULL;
