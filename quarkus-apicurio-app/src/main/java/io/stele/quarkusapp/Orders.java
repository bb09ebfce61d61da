package io.stele.quarkusapp;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Orders sent to the topic {@code orders} and read back from it, each serialized by Apicurio's Avro
 * serializer, which Quarkus' extension configures for the generated {@link Order} class.
 */
@ApplicationScoped
public class Orders {

    private final List<Order> received = new CopyOnWriteArrayList<>();

    @Channel("orders-out")
    Emitter<Order> out;

    /** Sends an order, and waits until the broker has it. */
    public void send(Order order) {
        out.send(order).toCompletableFuture().join();
    }

    @Incoming("orders-in")
    void receive(Order order) {
        received.add(order);
    }

    /** The orders read back so far, in the order read. */
    public List<Order> received() {
        return List.copyOf(received);
    }
}
