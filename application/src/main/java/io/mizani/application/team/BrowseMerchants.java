package io.mizani.application.team;

import io.mizani.domain.team.TeamStatus;
import io.mizani.domain.common.Choice;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Team;

/**
 * The operator's read side of merchants and Teams: {@code GET /api/admin/merchants}, {@code GET /api/admin/accounts}
 * and the console's pages. Pages newest first with {@code limit} (default 20, at most 100) and a
 * {@code starting_after} id cursor, like every other list of the service.
 */
public final class BrowseMerchants {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public record Query(String name, String limit, String startingAfter) {
    }

    /** The status arrives parsed ({@link #status(String)}, at the REST edge); an unknown one is refused in turn. */
    public record AccountQuery(String merchant, Choice<TeamStatus> status, String limit, String startingAfter) {
    }

    /** The client's {@code status} as sent: absent, a Team status (any case, trimmed), or unknown. */
    public static Choice<TeamStatus> status(String raw) {
        return Choice.parse(raw, s -> {
            String w = s.trim().toLowerCase(Locale.ROOT);
            for (TeamStatus t : TeamStatus.values()) {
                if (t.wire().equals(w)) {
                    return Optional.of(t);
                }
            }
            return Optional.empty();
        });
    }

    public record MerchantPage(List<MerchantDirectory.Merchant> merchants, boolean hasMore) {
    }

    public record AccountPage(List<Team> accounts, boolean hasMore) {
    }

    private final MerchantDirectory directory;
    private final UnitOfWork uow;

    public BrowseMerchants(MerchantDirectory directory, UnitOfWork uow) {
        this.directory = directory;
        this.uow = uow;
    }

    public MerchantPage merchants(Query q) {
        int limit = limit(q.limit());
        Long after = cursor(q.startingAfter(), "starting_after must be a merchant id");
        String name = q.name() == null || q.name().isBlank() ? null : q.name().trim();
        if (name != null && name.length() > 200) {
            throw DomainError.invalidArgument("name must be at most 200 characters");
        }
        List<MerchantDirectory.Merchant> rows = uow.inTransaction(() -> directory.merchants(name, after, limit + 1));
        boolean more = rows.size() > limit;
        return new MerchantPage(more ? rows.subList(0, limit) : rows, more);
    }

    public AccountPage accounts(AccountQuery q) {
        int limit = limit(q.limit());
        Long after = cursor(q.startingAfter(), "starting_after must be an account id");
        Long merchant = cursor(q.merchant(), "merchant must be a merchant id");
        TeamStatus status = null;
        if (q.status() != null && !q.status().isAbsent()) {
            status = q.status().known()
                    .orElseThrow(() -> DomainError.invalidArgument("status must be one of active, deleted"));
        }
        TeamStatus s = status;
        List<Team> rows = uow.inTransaction(() -> directory.accounts(merchant, s, after, limit + 1));
        boolean more = rows.size() > limit;
        return new AccountPage(more ? rows.subList(0, limit) : rows, more);
    }

    /** The most Teams one search shows. */
    public static final int SEARCH_MAX = 50;

    /** What a search found: at most {@link #SEARCH_MAX} Teams, {@code more} when there were others. */
    public record Found(List<MerchantDirectory.Found> teams, boolean more) {
    }

    /**
     * The console's one search box: Teams by Team or merchant id (a whole number), or by a part of the Team's name,
     * its merchant's name, its e-mail or a member's e-mail. A blank term, one longer than 200 characters or one with a
     * NUL character is refused (400).
     */
    public Found search(String term) {
        String t = term == null ? "" : term.strip();
        if (t.isEmpty()) {
            throw DomainError.invalidArgument("enter a name, an e-mail or an id to search for");
        }
        if (t.length() > 200) {
            throw DomainError.invalidArgument("a search is at most 200 characters");
        }
        if (t.indexOf('\u0000') >= 0) {
            throw DomainError.invalidArgument("a search may not contain a NUL character (U+0000)");
        }
        Long id = t.matches("[0-9]{1,18}") ? Long.valueOf(t) : null;
        List<MerchantDirectory.Found> rows = uow.inTransaction(() -> directory.search(id, t, SEARCH_MAX + 1));
        boolean more = rows.size() > SEARCH_MAX;
        return new Found(more ? rows.subList(0, SEARCH_MAX) : rows, more);
    }

    /** One Team whatever its status, else 404. */
    public Team account(long id) {
        return uow.inTransaction(() -> directory.account(id))
                .orElseThrow(() -> DomainError.notFound("account " + id + " not found"));
    }

    public List<MerchantDirectory.CredentialInfo> credentials(long accountId) {
        account(accountId);
        return uow.inTransaction(() -> directory.credentials(accountId));
    }

    /** {@code limit}: absent → 20; an integer 1 to 100; anything else 400. */
    static int limit(String raw) {
        if (raw == null || raw.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            int v = Integer.parseInt(raw.trim());
            if (v >= 1 && v <= MAX_LIMIT) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // falls through
        }
        throw DomainError.invalidArgument("limit must be an integer from 1 to " + MAX_LIMIT);
    }

    private static Long cursor(String raw, String message) {
        if (raw == null || raw.isBlank()) {
            return null;
        }
        try {
            long v = Long.parseLong(raw.trim());
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // falls through
        }
        throw DomainError.invalidArgument(message);
    }
}
