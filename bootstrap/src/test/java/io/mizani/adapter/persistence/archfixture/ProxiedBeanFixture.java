package io.mizani.adapter.persistence.archfixture;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Vetoed;

/** A store behind a client proxy, on purpose: see ArchitectureTest. Vetoed: the Quarkus tests' beans leave it out. */
@Vetoed
@ApplicationScoped
public class ProxiedBeanFixture {

    /** A method without the annotation: only the class breaks the rule (the rule's method half has one to pass). */
    public void save() {
    }
}
