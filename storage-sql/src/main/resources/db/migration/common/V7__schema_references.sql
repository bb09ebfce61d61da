-- What a content references, in the order given (null for nothing), and the same as rows, by which
-- the versions that use a referenced version are found.
ALTER TABLE contents ADD COLUMN refs VARCHAR;

CREATE TABLE content_references (
    content_id  BIGINT NOT NULL REFERENCES contents (content_id),
    name        VARCHAR NOT NULL,
    artifact_id VARCHAR(512) NOT NULL,
    version     INT NOT NULL,
    PRIMARY KEY (content_id, name)
);
CREATE INDEX content_references_target_idx ON content_references (artifact_id, version);
