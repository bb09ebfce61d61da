package io.stele.storage.infinispan;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import org.infinispan.client.hotrod.exceptions.HotRodClientException;

/**
 * Puts a store behind a guard that turns every Hot Rod client error (a server gone, a timeout) into
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
                if (e.getCause() instanceof HotRodClientException error) {
                    throw Transactions.unavailable("answering " + method.getName(), error);
                }
                throw e.getCause();
            }
        }));
    }
}
