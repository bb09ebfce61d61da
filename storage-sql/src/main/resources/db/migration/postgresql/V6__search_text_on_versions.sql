-- Keeps the artifact row's update on every new version a HOT update. V5 indexed the searchable text
-- on the artifact row, which every new version rewrites: when the description changed, PostgreSQL
-- could not update the row in place, so it added an entry to every index of artifacts (the primary
-- key, the trigram index, the sort index) and left a dead row for vacuum on every write. The trigram
-- index now covers each version's own text instead; a version's row is inserted once and its text
-- rarely changes, and a search matches it on the version the artifact shows (artifacts.meta_version).
-- With no index on the text of artifacts, and room left on each page (fillfactor), adding a version
-- changes the artifact's row in place without touching its indexes, unless its name changes.
DROP INDEX IF EXISTS artifacts_search_trgm;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        -- The expression is SqlSearchStore.SEARCH_TEXT without its table alias: keep them the same.
        EXECUTE 'CREATE INDEX versions_search_trgm ON versions USING gin ((artifact_id || '' '' || COALESCE(name, '''')'
            || ' || '' '' || COALESCE(description, '''') || '' '' || COALESCE(labels, '''')) gin_trgm_ops)';
    END IF;
END
$$;

ALTER TABLE artifacts SET (fillfactor = 50);
