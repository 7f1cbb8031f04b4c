package io.mizani.adapter.persistence.common;

import java.util.function.Supplier;

import io.mizani.application.common.UnitOfWork;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
class QuarkusUnitOfWork implements UnitOfWork {

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return QuarkusTransaction.joiningExisting().call(work::get);
    }

    @Override
    public <T> T inNewTransaction(Supplier<T> work) {
        return QuarkusTransaction.requiringNew().call(work::get);
    }

    @Override
    public <T> T inNewTransaction(java.time.Duration timeout, Supplier<T> work) {
        return QuarkusTransaction.requiringNew().timeout((int) Math.max(1, timeout.toSeconds())).call(work::get);
    }
}
