package io.mizani.application.common;

import java.util.function.Supplier;

/** The unit of work of use-case tests over in-memory fakes: the work runs at once, with no transaction around it. */
public final class DirectUnitOfWork implements UnitOfWork {

    public static final UnitOfWork DIRECT = new DirectUnitOfWork();

    private DirectUnitOfWork() {
    }

    @Override
    public <T> T inTransaction(Supplier<T> work) {
        return work.get();
    }

    @Override
    public <T> T inNewTransaction(Supplier<T> work) {
        return work.get();
    }
}
