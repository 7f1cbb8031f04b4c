package io.mizani.domain.operator;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.mizani.domain.common.WireName;
import io.mizani.domain.error.DomainError;

/**
 * platform.md section 18: what each operator role may do, as a table. {@code admin} may do everything (and manages
 * operators); {@code finance} moves money (balance adjustments, service-wallet credits, tier limits, approvals);
 * {@code compliance} decides Team KYC, screening and verification routing; {@code support} reads. Every role reads.
 */
public enum OperatorRole implements WireName {
    ADMIN, FINANCE, COMPLIANCE, SUPPORT;

    private static final Map<OperatorRole, Set<OperatorPermission>> GRANTS = Map.of(
            ADMIN, EnumSet.allOf(OperatorPermission.class),
            FINANCE, EnumSet.of(OperatorPermission.READ, OperatorPermission.FINANCE),
            COMPLIANCE, EnumSet.of(OperatorPermission.READ, OperatorPermission.COMPLIANCE),
            SUPPORT, EnumSet.of(OperatorPermission.READ));

    public boolean may(OperatorPermission permission) {
        return GRANTS.get(this).contains(permission);
    }

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static OperatorRole parse(String wire) {
        return WireName.find(OperatorRole.class, wire).orElseThrow(() -> DomainError.invalidArgument(
                "role must be one of " + Arrays.stream(values()).map(OperatorRole::wire).collect(Collectors.joining(", "))));
    }

    /** The 403 an operator gets for an action outside its role. */
    public DomainError refuse(OperatorPermission needed) {
        return new DomainError(DomainError.Kind.FORBIDDEN, "forbidden", "the " + wire() + " role may not do this: it "
                + "needs " + needed.describe());
    }
}
