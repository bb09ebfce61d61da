-- V8 replaced the rules table, and its trigger went with the old one: changes of an artifact's
-- rules are announced again, as V2 announced them.
CREATE TRIGGER artifact_rules_changed AFTER INSERT OR UPDATE OR DELETE ON artifact_rules
    FOR EACH ROW EXECUTE FUNCTION stele_notify_artifact();
