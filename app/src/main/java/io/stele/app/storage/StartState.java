package io.stele.app.storage;

import java.util.Objects;
import java.util.Optional;

/**
 * Where the start of the storage backend stands, and what holds it back.
 *
 * @param phase how far the start has come
 * @param reason why the backend is not started: the last failure's message, on one line; empty
 *     once started and while the first attempt runs
 */
record StartState(Phase phase, Optional<String> reason) {

    /** How far the start of the backend has come. */
    enum Phase {
        /** The first attempt to start the backend runs. */
        STARTING,
        /** An attempt failed in a way retrying may cure (the server is not there yet); the next is scheduled. */
        RETRYING,
        /** The backend started. Whether it answers now is the backend's own readiness. */
        STARTED,
        /** An attempt failed in a way retrying cannot cure; the registry is stopping. */
        FAILED
    }

    static final StartState FIRST_ATTEMPT = new StartState(Phase.STARTING, Optional.empty());
    static final StartState DONE = new StartState(Phase.STARTED, Optional.empty());

    StartState {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(reason, "reason");
    }

    static StartState retrying(String reason) {
        return new StartState(Phase.RETRYING, Optional.of(reason));
    }

    static StartState failed(String reason) {
        return new StartState(Phase.FAILED, Optional.of(reason));
    }
}
