package io.stele.compat;

import io.apicurio.registry.rest.beans.EditableMetaData;
import io.apicurio.registry.rest.beans.Rule;
import io.apicurio.registry.rest.beans.UpdateState;
import io.apicurio.registry.types.ArtifactState;
import io.apicurio.registry.types.RuleType;
import java.util.List;
import java.util.Map;

/** The request bodies the suite sends, built with the client's own classes. */
final class Beans {

    private Beans() {}

    static EditableMetaData editable(
            String name, String description, List<String> labels, Map<String, String> properties) {
        EditableMetaData meta = new EditableMetaData();
        meta.setName(name);
        meta.setDescription(description);
        meta.setLabels(labels);
        meta.setProperties(properties);
        return meta;
    }

    static UpdateState state(ArtifactState state) {
        UpdateState update = new UpdateState();
        update.setState(state);
        return update;
    }

    static Rule rule(RuleType type, String config) {
        Rule rule = new Rule();
        rule.setType(type);
        rule.setConfig(config);
        return rule;
    }
}
