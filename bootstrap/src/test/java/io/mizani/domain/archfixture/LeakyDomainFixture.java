package io.mizani.domain.archfixture;

/** Breaks the domain rule (depends on a framework) and the bootstrap rule, on purpose: see ArchitectureTest. */
public class LeakyDomainFixture {
    public jakarta.ws.rs.core.Response response;
    public io.mizani.bootstrap.MizaniMain main;
}
