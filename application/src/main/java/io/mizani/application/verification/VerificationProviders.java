package io.mizani.application.verification;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Output port: the identity providers this deployment can call, each already behind its guard (timeout, circuit
 * breaker, bulkhead), and the route a check takes when the operator has not set one.
 */
public interface VerificationProviders {

    /** Every provider name a route may use ({@code sandbox}, {@code sandbox_backup}, {@code smile_id}, {@code dojah}). */
    Set<String> names();

    Optional<VerificationProvider> find(String name);

    /** The route of a check without an operator route: sandbox mode {@code [sandbox, sandbox_backup]}. */
    List<String> defaultRoute(String check);
}
