package io.mizani.adapter.persistence.archfixture;

/** A store that would ask the JTA transaction manager for its transaction, on purpose: see ArchitectureTest. */
public class JtaFixture {
    public void save() {
        io.quarkus.narayana.jta.QuarkusTransaction.joiningExisting().run(() -> { });
    }
}
