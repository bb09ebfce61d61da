-- Search and lookup by meaning.
-- The artifact row carries the name, description and labels of the version the artifact shows
-- (meta_version: the highest version that is not DISABLED, else the highest), so a search filters
-- and orders one row per artifact, from indexes.
ALTER TABLE artifacts ADD COLUMN meta_version INT;
ALTER TABLE artifacts ADD COLUMN name VARCHAR;
ALTER TABLE artifacts ADD COLUMN description VARCHAR;
ALTER TABLE artifacts ADD COLUMN labels VARCHAR;

UPDATE artifacts SET (meta_version, name, description, labels) = (
    SELECT v.version, v.name, v.description, v.labels FROM versions v
    WHERE v.artifact_id = artifacts.artifact_id
    ORDER BY CASE WHEN v.state = 'DISABLED' THEN 1 ELSE 0 END, v.version DESC LIMIT 1);

-- The SHA-256 of each version's canonical form, by which a client that re-sends a schema with other
-- whitespace or key order finds it. Versions stored before this column existed keep their exact hash.
ALTER TABLE versions ADD COLUMN canonical_hash CHAR(64);
UPDATE versions SET canonical_hash = (SELECT c.content_hash FROM contents c WHERE c.content_id = versions.content_id);
ALTER TABLE versions ALTER COLUMN canonical_hash SET NOT NULL;

DROP INDEX versions_artifact_content_idx;
CREATE INDEX versions_artifact_canonical_idx ON versions (artifact_id, canonical_hash);
