package io.mizani.adapter.persistence.archfixture;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.enterprise.inject.Vetoed;

/** A producer whose product sits behind a client proxy, on purpose: see ArchitectureTest. Vetoed, as above. */
@Vetoed
public class ProxiedProducerFixture {

    @Produces
    @ApplicationScoped
    Runnable job() {
        return () -> { };
    }
}
