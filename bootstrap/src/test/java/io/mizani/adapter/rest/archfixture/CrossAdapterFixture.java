package io.mizani.adapter.rest.archfixture;

/** A REST class reaching into persistence, on purpose: see ArchitectureTest. */
public class CrossAdapterFixture {
    public io.mizani.adapter.persistence.team.JdbcKycTierWriter writer;
}
