package io.mizani.domain.operator;

/** What an operator action needs (see the grant table of {@link OperatorRole}). */
public enum OperatorPermission {
    /** Reading anything under /api/admin and the console's pages. */
    READ("a role that reads"),
    /** Balance adjustments, service-wallet credits, tier limits, approvals. */
    FINANCE("the finance or admin role"),
    /** Team KYC review, screening, verification routing. */
    COMPLIANCE("the compliance or admin role"),
    /** Everything else that writes: merchants, credentials, switches, operators. */
    ADMIN("the admin role");

    private final String description;

    OperatorPermission(String description) {
        this.description = description;
    }

    public String describe() {
        return description;
    }
}
