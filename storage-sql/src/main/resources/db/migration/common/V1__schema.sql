-- Stele schema, for PostgreSQL and for H2 (which runs in PostgreSQL compatibility mode).
-- Sequences allocate ids without a hot row. VARCHAR without a length is unbounded in both.
CREATE SEQUENCE global_ids START WITH 1;
CREATE SEQUENCE content_ids START WITH 1;

CREATE TABLE artifacts (
    artifact_id    VARCHAR(512) NOT NULL PRIMARY KEY,
    artifact_type  VARCHAR(32) NOT NULL,
    created_by     VARCHAR(256) NOT NULL,
    created_on     TIMESTAMP WITH TIME ZONE NOT NULL,
    latest_version INT NOT NULL
);

CREATE TABLE contents (
    content_id   BIGINT NOT NULL PRIMARY KEY,
    content_hash CHAR(64) NOT NULL,
    content      BYTEA NOT NULL,
    CONSTRAINT contents_hash_uk UNIQUE (content_hash)
);

CREATE TABLE versions (
    global_id     BIGINT NOT NULL PRIMARY KEY,
    artifact_id   VARCHAR(512) NOT NULL REFERENCES artifacts (artifact_id) ON DELETE CASCADE,
    version       INT NOT NULL,
    content_id    BIGINT NOT NULL REFERENCES contents (content_id),
    artifact_type VARCHAR(32) NOT NULL,
    state         VARCHAR(16) NOT NULL,
    name          VARCHAR,
    description   VARCHAR,
    labels        VARCHAR NOT NULL,
    properties    VARCHAR NOT NULL,
    created_by    VARCHAR(256) NOT NULL,
    created_on    TIMESTAMP WITH TIME ZONE NOT NULL,
    modified_by   VARCHAR(256) NOT NULL,
    modified_on   TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT versions_artifact_version_uk UNIQUE (artifact_id, version)
);
CREATE INDEX versions_artifact_content_idx ON versions (artifact_id, content_id);

CREATE TABLE global_rules (
    rule_type VARCHAR(32) NOT NULL PRIMARY KEY,
    config    VARCHAR(1024) NOT NULL
);

CREATE TABLE artifact_rules (
    artifact_id VARCHAR(512) NOT NULL REFERENCES artifacts (artifact_id) ON DELETE CASCADE,
    rule_type   VARCHAR(32) NOT NULL,
    config      VARCHAR(1024) NOT NULL,
    PRIMARY KEY (artifact_id, rule_type)
);
