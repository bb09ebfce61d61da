-- An artifact's rules may be configured before the artifact exists (the Confluent API sets a
-- subject's compatibility level or mode before its first version): the rules table no longer
-- refers to the artifacts table, and deleting an artifact deletes its rules by statement.
CREATE TABLE artifact_rules_by_id (
    artifact_id VARCHAR(512) NOT NULL,
    rule_type   VARCHAR(32) NOT NULL,
    config      VARCHAR(1024) NOT NULL,
    PRIMARY KEY (artifact_id, rule_type)
);
INSERT INTO artifact_rules_by_id (artifact_id, rule_type, config)
    SELECT artifact_id, rule_type, config FROM artifact_rules;
DROP TABLE artifact_rules;
ALTER TABLE artifact_rules_by_id RENAME TO artifact_rules;
