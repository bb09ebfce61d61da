-- New versions are announced by the node that wrote them, after the commit and in batches
-- (PostgresChangeSignal), not by a trigger inside the writing transaction: PostgreSQL holds one
-- server-wide lock from a notifying transaction's commit until its WAL is flushed, which made every
-- version write wait for every other. Updates and deletes, which are rare and may come from any
-- writer, are still announced by the trigger.
DROP TRIGGER versions_changed ON versions;
CREATE TRIGGER versions_changed AFTER UPDATE OR DELETE ON versions
    FOR EACH ROW EXECUTE FUNCTION stele_notify_artifact();
