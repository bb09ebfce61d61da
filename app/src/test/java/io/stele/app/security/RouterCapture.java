package io.stele.app.security;

import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/** Keeps the application's router, so that a test can list every route it serves. */
@Singleton
public class RouterCapture {

    private volatile Router router;

    void capture(@Observes Router router) {
        this.router = router;
    }

    Router router() {
        return router;
    }
}
