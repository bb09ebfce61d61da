package io.stele.perf.load;

import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.http.api.HttpRequest;

/**
 * The Hyperfoil step that starts each request of one phase: it draws the artifact id and asks the
 * phase's {@link Recording} when the request counts from. The request step that follows reads the
 * path through {@link #path(Session)} and reports the answer through {@link #status} and
 * {@link #answered(Session)}.
 *
 * <p>Each Hyperfoil session keeps its request's state in an {@link Exchange}, a session resource
 * keyed by this step. A session runs on one event-loop thread, so an exchange needs no locking.
 * Steps and handlers are serializable for Hyperfoil's clustered mode; a flood runs Hyperfoil in
 * this JVM only, so the recording and picker are never serialized.
 */
final class Sender implements Step, ResourceUtilizer, Session.ResourceKey<Sender.Exchange> {

    private static final long serialVersionUID = 1L;

    private final transient Recording recording;
    private final transient Keys.IndexPicker picker;
    private final String[] paths;

    Sender(Recording recording, Keys.IndexPicker picker, String[] paths) {
        this.recording = recording;
        this.picker = picker;
        this.paths = paths;
    }

    @Override
    public void reserve(Session session) {
        session.declareResource(this, Exchange::new);
    }

    @Override
    public boolean invoke(Session session) {
        Exchange exchange = session.getResource(this);
        exchange.path = paths[picker.next()];
        exchange.status = 0;
        exchange.from = recording.start();
        return true;
    }

    String path(Session session) {
        return session.getResource(this).path;
    }

    void status(HttpRequest request, int status) {
        request.session.getResource(this).status = status;
    }

    void answered(Session session) {
        Exchange exchange = session.getResource(this);
        recording.answered(exchange.from, exchange.status);
    }

    /** One session's request in flight. */
    static final class Exchange implements Session.Resource {
        String path;
        int status;
        long from;
    }
}
