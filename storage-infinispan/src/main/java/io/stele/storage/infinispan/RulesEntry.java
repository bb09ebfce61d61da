package io.stele.storage.infinispan;

import java.util.List;
import org.infinispan.protostream.annotations.ProtoFactory;
import org.infinispan.protostream.annotations.ProtoField;

/**
 * The rules of one scope, under {@link Cluster#rules}, keyed by {@link Keys#rules}: each rule's type and
 * configuration, one after the other. One entry per scope, so that a scope's rules change at once.
 *
 * @param rules type name and configuration, one after the other
 */
public record RulesEntry(@ProtoField(1) List<String> rules) {

    @ProtoFactory
    public RulesEntry {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }
}
