-- Every change that a registry node may cache is announced on the channel stele_changes from inside
-- the writing transaction, so other nodes hear of it exactly when it commits, whoever wrote it (a
-- node, an import, an operator's SQL). PostgreSQL folds identical notifications of one transaction
-- into one. Payloads: 'A <artifact id>' for an artifact, 'G' for the global rules.
CREATE FUNCTION stele_notify_artifact() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('stele_changes', 'A ' || CASE WHEN TG_OP = 'DELETE' THEN OLD.artifact_id ELSE NEW.artifact_id END);
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION stele_notify_global() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('stele_changes', 'G');
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER versions_changed AFTER INSERT OR UPDATE OR DELETE ON versions
    FOR EACH ROW EXECUTE FUNCTION stele_notify_artifact();
CREATE TRIGGER artifacts_deleted AFTER DELETE ON artifacts
    FOR EACH ROW EXECUTE FUNCTION stele_notify_artifact();
CREATE TRIGGER artifact_rules_changed AFTER INSERT OR UPDATE OR DELETE ON artifact_rules
    FOR EACH ROW EXECUTE FUNCTION stele_notify_artifact();
CREATE TRIGGER global_rules_changed AFTER INSERT OR UPDATE OR DELETE ON global_rules
    FOR EACH STATEMENT EXECUTE FUNCTION stele_notify_global();
