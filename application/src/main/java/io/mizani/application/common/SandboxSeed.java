package io.mizani.application.common;

/**
 * A feature's part of the sandbox demo merchant: called once, right after the demo merchant is created at first
 * start in sandbox mode (e.g. verification switches identity checks to the platform key). Implementations are
 * produced as CDI beans in bootstrap; the demo seeder calls every one of them.
 */
public interface SandboxSeed {

    void seedDemo(long accountId);
}
