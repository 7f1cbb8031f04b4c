package io.mizani.application.verification;

import java.util.List;

/** Output port: every provider call with its cost, for the operator's margin per provider and check. */
public interface ProviderCallLog {

    void record(List<ProviderCall> calls);
}
