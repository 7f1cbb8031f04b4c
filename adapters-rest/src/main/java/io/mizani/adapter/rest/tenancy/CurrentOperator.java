package io.mizani.adapter.rest.tenancy;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.tenancy.OperatorDirectory;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;

/** The operator behind an /api/admin request, with the platform user id used as reviewer id. */
@RequestScoped
public class CurrentOperator {

    private final SecurityIdentity identity;
    private final OperatorDirectory directory;
    private final UnitOfWork uow;

    CurrentOperator(SecurityIdentity identity, OperatorDirectory directory, UnitOfWork uow) {
        this.identity = identity;
        this.directory = directory;
        this.uow = uow;
    }

    public String username() {
        return identity.getPrincipal().getName();
    }

    /** The operator's platform user row id ({@code is_admin} true), created on first use. */
    public long userId() {
        return uow.inTransaction(() -> directory.operatorUserId(username()));
    }
}
