package io.stele.operator.testing;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;

/**
 * A test class that runs the packaged operator against its own control plane: one per class,
 * started by {@link #startOperator} from the class's {@code @BeforeAll}, stopped after its last test.
 */
public abstract class OperatorTest {

    protected static ControlPlane plane;
    protected static OperatorProcess operator;
    protected static Cluster cluster;

    /**
     * Starts a control plane, lets {@code prepare} shape the cluster (install APIs) and starts the
     * operator, logging to {@code target/operator-<name>.log}.
     */
    protected static void startOperator(String name, Consumer<ControlPlane> prepare) {
        plane = ControlPlane.start();
        prepare.accept(plane);
        operator = new OperatorProcess(plane, Path.of("target", "operator-" + name + ".log")).start();
        cluster = new Cluster(plane.admin());
    }

    @AfterAll
    static void stopOperator() {
        if (operator != null) {
            operator.close();
            operator = null;
        }
        if (plane != null) {
            plane.close();
            plane = null;
        }
    }
}
