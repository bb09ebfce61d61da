/**
 * Forwarding bases for decorators of the storage SPI: each forwards every call to the store its
 * {@code delegate()} returns, so that a decorator (timing, caching, a log in front of a local
 * database) overrides only what it changes. {@code delegate()} is called on every call, so a
 * decorator may resolve its delegate late.
 *
 * <p>Each store that writes has two bases. {@code Forwarding*Reads} forwards its reads and leaves
 * its writes abstract; {@code Forwarding*Store} extends it and forwards the writes too. A decorator
 * that refuses or changes writes (a guard: the mode, the owner) extends the {@code Reads} base, so it
 * fails closed: a write the SPI gains does not compile in it until the guard decides what to do
 * with it, where a forwarding base would have let it through unguarded. A write added to the SPI
 * goes into the {@code Store} base; a read, into the {@code Reads} base. The stores without writes
 * ({@code ContentStore}, {@code SearchStore}) and the change feed have one base; a write added to
 * one of them first splits its base in two.
 */
package io.stele.storage.forwarding;
