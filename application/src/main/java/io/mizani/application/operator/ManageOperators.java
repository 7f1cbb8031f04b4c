package io.mizani.application.operator;

import java.util.List;
import java.util.regex.Pattern;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.operator.OperatorRole;
import io.mizani.domain.tenancy.ApiSecret;

/** POST/GET/DELETE /api/admin/operators: named operators with a role; the password is shown once. */
public final class ManageOperators {

    /** The login of platform.md section 1, an admin, whose password is MIZANI_OPERATOR_PASSWORD. */
    public static final String BOOTSTRAP = "operator";
    private static final Pattern USERNAME = Pattern.compile("[a-z0-9][a-z0-9._-]{1,63}");

    public record Command(String username, String role) {
        public Command {
            if (username == null || !USERNAME.matcher(username).matches()) {
                throw DomainError.invalidArgument("username must be 2 to 64 characters: lower-case letters, digits, "
                        + "'.', '_' or '-', starting with a letter or digit");
            }
            if (username.startsWith("mz_")) {
                throw DomainError.invalidArgument("username must not start with mz_ (merchant credentials do)");
            }
            OperatorRole.parse(role);
        }

        public OperatorRole parsedRole() {
            return OperatorRole.parse(role);
        }
    }

    public record Created(OperatorStore.Operator operator, String password) {
    }

    private final OperatorStore store;
    private final OperatorAuthenticator authenticator;
    private final UnitOfWork uow;

    public ManageOperators(OperatorStore store, OperatorAuthenticator authenticator, UnitOfWork uow) {
        this.store = store;
        this.authenticator = authenticator;
        this.uow = uow;
    }

    public Created create(Command c) {
        if (BOOTSTRAP.equals(c.username())) {
            throw DomainError.conflict("operator_exists", "an operator named " + c.username() + " already exists");
        }
        String password = ApiSecret.newSecret();
        OperatorStore.Operator o = uow.inTransaction(() -> store.insert(c.username(), c.parsedRole(),
                ApiSecret.hash(password))).orElseThrow(() -> DomainError.conflict("operator_exists",
                "an operator named " + c.username() + " already exists"));
        return new Created(o, password);
    }

    public List<OperatorStore.Operator> list() {
        return uow.inTransaction(store::list);
    }

    public void delete(String username) {
        if (BOOTSTRAP.equals(username)) {
            throw DomainError.invalidArgument("the bootstrap operator login cannot be deleted: change "
                    + "MIZANI_OPERATOR_PASSWORD instead");
        }
        if (!uow.inTransaction(() -> store.delete(username))) {
            throw DomainError.notFound("operator " + username + " not found");
        }
        authenticator.invalidate(username);
    }

    /** At start: the bootstrap login exists as an admin with the configured password. */
    public void ensureBootstrap(String password) {
        uow.run(() -> store.upsertBootstrap(BOOTSTRAP, ApiSecret.hash(password)));
        authenticator.invalidate(BOOTSTRAP);
    }
}
