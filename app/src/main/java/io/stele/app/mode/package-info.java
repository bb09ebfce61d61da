/**
 * The registry's mode, global or per artifact: whether it takes writes. Stored as the MODE rule of
 * each scope, enforced below every API by {@link io.stele.app.mode.ModeGuard}.
 */
package io.stele.app.mode;
