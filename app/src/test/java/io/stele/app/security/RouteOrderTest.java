package io.stele.app.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.vertx.http.runtime.RouteConstants;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The stages of the registry's routes run in the order they are declared, all ahead of JAX-RS. */
class RouteOrderTest {

    @Test
    void stages_runInTheOrderDeclared_aheadOfQuarkusUploadLimitAndJaxRs() {
        assertThat(Arrays.stream(RouteOrder.values()).mapToInt(RouteOrder::order))
                .isSorted()
                .doesNotHaveDuplicates()
                .allMatch(order -> order < RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT);
    }

    @Test
    void accessControl_decides_beforeAnyRouteAnswers() {
        for (RouteOrder stage : RouteOrder.values()) {
            if (stage != RouteOrder.STOPPING && stage != RouteOrder.ACCESS) {
                assertThat(stage.order()).as(stage.name()).isGreaterThan(RouteOrder.ACCESS.order());
            }
        }
    }
}
