package io.mizani.adapter.rest.tenancy;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.operator.OperatorContext;
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

    /** The operator's id, login and role (platform.md section 18). */
    public OperatorContext context() {
        OperatorContext ctx = identity.getAttribute(OperatorIdentityProvider.ATTRIBUTE);
        if (ctx == null) {
            throw new io.quarkus.security.ForbiddenException();
        }
        return ctx;
    }

    /** The operator behind {@code identity}, or null when it is not an operator. */
    public static OperatorContext of(SecurityIdentity identity) {
        return identity == null || identity.isAnonymous() ? null : identity.getAttribute(OperatorIdentityProvider.ATTRIBUTE);
    }

    /** The operator's platform user row id ({@code is_admin} true), created on first use. */
    public long userId() {
        return uow.inTransaction(() -> directory.operatorUserId(username()));
    }
}
