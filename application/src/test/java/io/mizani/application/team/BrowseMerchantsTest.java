package io.mizani.application.team;

import io.mizani.domain.team.TeamStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Team;

/** The paging rules of the operator's merchant and Team lists. */
class BrowseMerchantsTest {

    final List<Object[]> calls = new ArrayList<>();

    final MerchantDirectory directory = new MerchantDirectory() {
        @Override
        public List<Found> search(Long id, String text, int max) {
            calls.add(new Object[] {id, text, max});
            return List.of();
        }

        @Override
        public List<Merchant> merchants(String nameContains, Long beforeId, int max) {
            calls.add(new Object[] {nameContains, beforeId, max});
            List<Merchant> out = new ArrayList<>();
            long start = beforeId == null ? 10 : beforeId - 1;
            for (long id = start; id >= 1 && out.size() < max; id--) {
                out.add(new Merchant(id, "M" + id, 0, 1, Instant.EPOCH));
            }
            return out;
        }

        @Override
        public List<Team> accounts(Long organizationId, TeamStatus status, Long beforeId, int max) {
            calls.add(new Object[] {organizationId, status, beforeId, max});
            return List.of();
        }

        @Override
        public Optional<Team> account(long id) {
            return Optional.empty();
        }

        @Override
        public List<CredentialInfo> credentials(long accountId) {
            return List.of();
        }
    };

    final UnitOfWork uow = io.mizani.application.common.DirectUnitOfWork.DIRECT;

    final BrowseMerchants browse = new BrowseMerchants(directory, uow);

    @Test
    void a_page_asks_one_more_row_to_know_whether_more_follow() {
        var page = browse.merchants(new BrowseMerchants.Query(null, "3", null));
        assertEquals(List.of(10L, 9L, 8L), page.merchants().stream().map(MerchantDirectory.Merchant::id).toList());
        assertTrue(page.hasMore());
        assertEquals(4, calls.get(0)[2]);
        var last = browse.merchants(new BrowseMerchants.Query(null, "3", "3"));
        assertEquals(List.of(2L, 1L), last.merchants().stream().map(MerchantDirectory.Merchant::id).toList());
        assertFalse(last.hasMore());
    }

    @Test
    void a_search_is_a_whole_number_id_or_a_text_and_bad_terms_are_refused_before_the_store_is_asked() {
        browse.search(" 42 ");
        assertEquals(42L, calls.get(0)[0]);
        assertEquals("42", calls.get(0)[1]);
        assertEquals(BrowseMerchants.SEARCH_MAX + 1, calls.get(0)[2]);
        browse.search("ada@example.com");
        assertEquals(null, calls.get(1)[0]);
        browse.search("99999999999999999999");
        assertEquals(null, calls.get(2)[0], "too long for an id: searched as text only");
        for (String bad : new String[] {null, "", "   ", "x".repeat(201), "a\u0000b"}) {
            DomainError e = assertThrows(DomainError.class, () -> browse.search(bad));
            assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        }
        assertEquals(3, calls.size());
    }

    @Test
    void limit_defaults_to_20_and_must_be_1_to_100() {
        browse.merchants(new BrowseMerchants.Query(null, null, null));
        assertEquals(21, calls.get(0)[2]);
        for (String bad : new String[] {"0", "101", "x", "-5"}) {
            DomainError e = assertThrows(DomainError.class, () -> browse.merchants(new BrowseMerchants.Query(null, bad, null)));
            assertEquals("limit must be an integer from 1 to 100", e.getMessage());
        }
    }

    @Test
    void account_filters_are_checked_before_the_store_is_asked() {
        assertThrows(DomainError.class,
                () -> browse.accounts(new BrowseMerchants.AccountQuery(null, BrowseMerchants.status("frozen"), null,
                        null)));
        assertThrows(DomainError.class, () -> browse.accounts(new BrowseMerchants.AccountQuery("abc", null, null, null)));
        assertThrows(DomainError.class, () -> browse.accounts(new BrowseMerchants.AccountQuery(null, null, null, "0")));
        assertTrue(calls.isEmpty());
        browse.accounts(new BrowseMerchants.AccountQuery(" 7 ", BrowseMerchants.status("DELETED"), null, null));
        assertEquals(7L, calls.get(0)[0]);
        assertEquals(TeamStatus.DELETED, calls.get(0)[1]);
    }

    @Test
    void an_unknown_account_is_404() {
        DomainError e = assertThrows(DomainError.class, () -> browse.account(42));
        assertEquals(DomainError.Kind.NOT_FOUND, e.kind());
    }
}
