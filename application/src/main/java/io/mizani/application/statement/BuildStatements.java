package io.mizani.application.statement;

/** The statement builder: one round on this replica (claims, builds, completes; purges expired files). */
public interface BuildStatements {

    /** Returns how many statements this round claimed. */
    int runOnce();
}
