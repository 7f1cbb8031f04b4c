package io.mizani.domain.payout;

import io.mizani.domain.verification.match.IdentityMatch;
import io.mizani.domain.verification.match.MatchRequest;
import io.mizani.domain.verification.match.MatchVerdict;
import io.mizani.domain.verification.match.RegistryIdentity;

import java.util.Objects;

/**
 * How the name the merchant gave compares with the account holder's name a payee directory returned: section 13's
 * identity match ({@link IdentityMatch}) over the first and last names only (no date of birth, so the score is over
 * the two names: 35 / 35 weights, exact 1, partial 0.5).
 */
public record PayeeMatch(int score, MatchVerdict firstName, MatchVerdict lastName) {

    public PayeeMatch {
        Objects.requireNonNull(firstName, "firstName");
        Objects.requireNonNull(lastName, "lastName");
    }

    /** The merchant's {@code first}/{@code last} against the holder's full name as the directory wrote it. */
    public static PayeeMatch of(String first, String last, String accountName) {
        IdentityMatch m = IdentityMatch.of(new MatchRequest(first, last, null),
                RegistryIdentity.fromFullName(accountName, null));
        return new PayeeMatch(m.score(), m.firstName(), m.lastName());
    }

    /**
     * One verdict for the whole name: {@code exact} when both names are exact, {@code mismatch} when either is a
     * mismatch, otherwise {@code partial} (a partial name, or one not provided or not returned).
     */
    public MatchVerdict overall() {
        if (firstName == MatchVerdict.EXACT && lastName == MatchVerdict.EXACT) {
            return MatchVerdict.EXACT;
        }
        if (firstName == MatchVerdict.MISMATCH || lastName == MatchVerdict.MISMATCH) {
            return MatchVerdict.MISMATCH;
        }
        return MatchVerdict.PARTIAL;
    }
}
