package io.stele.perf.load;

/**
 * How requests are sent during a {@link Plan}: a closed loop of connections that each wait for an
 * answer before sending again, or an open loop that sends at a fixed rate whatever the answers.
 */
public sealed interface Load {

    /**
     * {@code connections} connections, each sending its next request as soon as the previous answer
     * arrives: the most the registry can serve with that many clients.
     *
     * <p>The latency of each request is counted from the moment it is sent. A closed loop sends
     * less while the registry is slow, so this latency hides stalls (coordinated omission); use it
     * for throughput, and {@link OpenLoop} for latency.
     */
    record ClosedLoop(int connections) implements Load {

        /** Validates the count. */
        public ClosedLoop {
            if (connections < 1) {
                throw new IllegalArgumentException("connections must be at least 1, was " + connections);
            }
        }
    }

    /**
     * {@code requestsPerSecond} requests a second at even intervals, whatever the answers, over at
     * most {@code maxConnections} connections, all opened at the start.
     *
     * <p>The latency of each request is counted from the moment it was due to be sent, so time spent
     * waiting for a connection, or behind a stalled registry, counts as latency (no coordinated
     * omission). If the registry answers slower than the rate, latency grows through the run. A
     * request that finds every connection busy waits for one, and that wait counts too: give the
     * loop at least {@code requestsPerSecond} times the slowest expected answer, in seconds.
     */
    record OpenLoop(int requestsPerSecond, int maxConnections) implements Load {

        /** Validates the rate and the connection count. */
        public OpenLoop {
            if (requestsPerSecond < 1) {
                throw new IllegalArgumentException("requestsPerSecond must be at least 1, was " + requestsPerSecond);
            }
            if (maxConnections < 1) {
                throw new IllegalArgumentException("maxConnections must be at least 1, was " + maxConnections);
            }
        }

        /** At {@code requestsPerSecond}, over up to 64 connections. */
        public static OpenLoop at(int requestsPerSecond) {
            return new OpenLoop(requestsPerSecond, 64);
        }
    }
}
