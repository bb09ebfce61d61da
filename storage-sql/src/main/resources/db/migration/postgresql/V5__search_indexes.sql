-- Indexes that answer searches without reading every artifact. One trigram index over all the
-- searchable text of an artifact serves the case-insensitive substring match (ILIKE '%text%') of
-- every search: a search over one field filters by it, then checks that field; one index costs a
-- quarter of four on every artifact written. An index on the sort key serves pages of an
-- unfiltered listing. pg_trgm ships with PostgreSQL and is a trusted extension (a database owner
-- may create it); where it cannot be created, search still works, by scanning, and a notice says why.
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
        -- The expression is SqlSearchStore.SEARCH_TEXT without its table alias: keep them the same.
        EXECUTE 'CREATE INDEX artifacts_search_trgm ON artifacts USING gin ((artifact_id || '' '' || COALESCE(name, '''')'
            || ' || '' '' || COALESCE(description, '''') || '' '' || COALESCE(labels, '''')) gin_trgm_ops)';
    END IF;
END
$$;

CREATE INDEX artifacts_sort_idx ON artifacts ((COALESCE(name, artifact_id)), artifact_id);
