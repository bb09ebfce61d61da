/**
 * Forwarding bases for decorators of the storage SPI: each forwards every call to the store its
 * {@code delegate()} returns, so that a decorator (timing, caching, a log in front of a local
 * database) overrides only what it changes. {@code delegate()} is called on every call, so a
 * decorator may resolve its delegate late.
 */
package io.stele.storage.forwarding;
