package io.mizani.domain.tenancy;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import io.mizani.domain.error.DomainError;

/**
 * The scopes a credential holds. {@link #all()} is what an operator-issued credential (and every credential from
 * before API keys) holds; only a credential holding every scope may manage API keys.
 */
public final class Scopes {

    private static final Scopes ALL = new Scopes(EnumSet.allOf(Scope.class));

    private final Set<Scope> held;

    private Scopes(EnumSet<Scope> held) {
        this.held = Collections.unmodifiableSet(held);
    }

    public static Scopes all() {
        return ALL;
    }

    public static Scopes of(Collection<Scope> scopes) {
        EnumSet<Scope> set = EnumSet.noneOf(Scope.class);
        set.addAll(scopes);
        return set.size() == Scope.values().length ? ALL : new Scopes(set);
    }

    /**
     * Scopes from their wire names, as a merchant sends them: at least one, each a known scope (a repeat counts once),
     * else {@code invalid_argument} naming the first unknown one.
     */
    public static Scopes parse(Collection<String> wire) {
        if (wire == null || wire.isEmpty()) {
            throw DomainError.invalidArgument("scopes must name at least one scope");
        }
        EnumSet<Scope> set = EnumSet.noneOf(Scope.class);
        for (String w : wire) {
            set.add(Scope.parse(w).orElseThrow(() -> DomainError.invalidArgument("unknown scope: " + w)));
        }
        return of(set);
    }

    /** Reads stored wire names back; a name this version does not know (a scope since removed) grants nothing. */
    public static Scopes stored(Collection<String> wire) {
        EnumSet<Scope> set = EnumSet.noneOf(Scope.class);
        for (String w : wire) {
            Scope.parse(w).ifPresent(set::add);
        }
        return of(set);
    }

    public boolean holds(Scope scope) {
        return held.contains(scope);
    }

    /** Every scope there is: the credential is not limited (operator-issued, from before keys, or a key with all). */
    public boolean holdsEvery() {
        return held.size() == Scope.values().length;
    }

    /** Wire names in the order of {@link Scope} (the order a key's scopes are shown in). */
    public List<String> wire() {
        return held.stream().map(Scope::wire).toList();
    }

    public Set<Scope> asSet() {
        return held;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Scopes s && s.held.equals(held);
    }

    @Override
    public int hashCode() {
        return held.hashCode();
    }

    @Override
    public String toString() {
        return wire().toString();
    }
}
