package io.mizani.bootstrap.common;

import io.mizani.adapter.persistence.common.IdentifierSealing;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;

/**
 * Seals stored identifiers that are not sealed under the current MIZANI_PII_KEY (rows from before V10, or under a
 * previous key during a rotation) once Flyway has migrated and before the HTTP server takes requests (StartupEvent
 * observers run before it listens). A failure stops the start: a key that cannot open the stored data must not serve.
 */
@Singleton
public class IdentifierSealingAtStart {

    void onStart(@Observes @Priority(10) StartupEvent event, IdentifierSealing sealing) {
        sealing.run();
    }
}
