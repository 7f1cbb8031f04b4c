package io.mizani.domain.teamkyc;

/**
 * What a set of tokens proves: the tier they justify on their own (0 = nothing) and the actor type of the
 * subject they establish ({@code C} company, {@code I} natural person; null when no counted token tells).
 */
public record TierJustification(int tier, String actorType) {

    public static final TierJustification NOTHING = new TierJustification(0, null);

    public TierJustification {
        if (tier < 0 || tier > TokenTierRule.MAX_TOKEN_TIER) {
            throw new IllegalArgumentException("a token tier is between 0 and " + TokenTierRule.MAX_TOKEN_TIER);
        }
    }

    public boolean justifiesAnything() {
        return tier > 0;
    }

    /** Whether the tokens cover the whole of {@code requestedTier}. */
    public boolean covers(int requestedTier) {
        return tier > 0 && requestedTier <= tier;
    }
}
