-- Indexes that answer searches without reading every artifact: trigram indexes serve the
-- case-insensitive substring match (ILIKE '%text%') on each searchable column, and an index on the
-- sort key serves pages of an unfiltered listing. pg_trgm ships with PostgreSQL and is a trusted
-- extension (a database owner may create it); where it cannot be created, search still works, by
-- scanning, and a notice says why.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%); artifact search will scan the artifacts table', SQLERRM;
END
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        EXECUTE 'CREATE INDEX artifacts_id_trgm ON artifacts USING gin (artifact_id gin_trgm_ops)';
        EXECUTE 'CREATE INDEX artifacts_name_trgm ON artifacts USING gin (name gin_trgm_ops)';
        EXECUTE 'CREATE INDEX artifacts_description_trgm ON artifacts USING gin (description gin_trgm_ops)';
        EXECUTE 'CREATE INDEX artifacts_labels_trgm ON artifacts USING gin (labels gin_trgm_ops)';
    END IF;
END
$$;

CREATE INDEX artifacts_sort_idx ON artifacts ((COALESCE(name, artifact_id)), artifact_id);
