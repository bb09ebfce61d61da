-- The versions that use one content: the subjects and versions of one Confluent schema id.
CREATE INDEX versions_content_idx ON versions (content_id);
