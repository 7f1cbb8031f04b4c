package io.mizani.domain.tenancy;

/** The id of a user: who holds a role on a Team, its credentials, and approves its payout batches. */
public record UserId(long value) {

    public static UserId of(long value) {
        return new UserId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}
