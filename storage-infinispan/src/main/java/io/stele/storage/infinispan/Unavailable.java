package io.stele.storage.infinispan;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.infinispan.client.hotrod.exceptions.HotRodClientException;

/**
 * Puts a store behind a guard that turns every Hot Rod client error (a server gone, a timeout, the
 * client's transport failing as it changes channels, {@link #fromClient}) into
 * {@link io.stele.storage.StorageUnavailableException}, as the SPI promises, whichever read or write
 * met it; writes already do so inside {@link Transactions}.
 */
final class Unavailable {

    private Unavailable() {}

    static <T> T guard(Class<T> type, T store) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            try {
                return method.invoke(store, args);
            } catch (InvocationTargetException e) {
                if (fromClient(e.getCause())) {
                    throw Transactions.unavailable("answering " + method.getName(), (RuntimeException) e.getCause());
                }
                throw e.getCause();
            }
        }));
    }

    /**
     * Whether an error is the Hot Rod client's failing to reach the servers: one it reports ({@link
     * HotRodClientException}), or one its transport raises while it moves requests to another
     * channel as a server goes. The client's dispatcher (15.x) then removes a request from a queue
     * that refuses removal, an {@code UnsupportedOperationException} thrown out of the call; the
     * request was not acknowledged, so it is the servers' unavailability that the caller sees.
     */
    static boolean fromClient(Throwable error) {
        if (error instanceof HotRodClientException) {
            return true;
        }
        if (!(error instanceof RuntimeException)) {
            return false;
        }
        for (StackTraceElement frame : error.getStackTrace()) {
            String at = frame.getClassName();
            if (at.startsWith(CLIENT_TRANSPORT)) {
                return true;
            }
            if (at.startsWith("io.stele.")) {
                return false; // raised by the registry's own code before the client's was reached
            }
        }
        return false;
    }

    private static final String CLIENT_TRANSPORT = "org.infinispan.client.hotrod.impl.transport.";
}
