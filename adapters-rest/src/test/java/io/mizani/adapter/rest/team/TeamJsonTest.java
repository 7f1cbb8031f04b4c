package io.mizani.adapter.rest.team;

import io.mizani.domain.team.UserStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.mizani.application.team.UserStore;
import io.mizani.domain.team.Team;
import io.mizani.domain.team.TeamStatus;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The Team, profile and user shapes are filled from the right parts: every text of the Team holds a value naming the
 * contract field it must land in, so two same-typed fields swapped in a mapping fail here.
 */
class TeamJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    static Team everyFieldNamed() {
        return new Team(7,
                new Team.Identity(3, "uuid", "name", "description"),
                new Team.Contact("email", "254", "700000001"),
                new Team.Settings("currency", "account_type", 500L),
                new Team.Branding("logo", "theme_color", "payment_note"),
                new Team.Kyc(2, true),
                new BigDecimal("12.34"),
                new Team.Lifecycle(TeamStatus.DELETED, Instant.parse("2026-01-02T03:04:05Z"),
                        Instant.parse("2026-02-03T04:05:06Z")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(Object value) {
        return JSON.convertValue(value, Map.class);
    }

    @Test
    void every_team_text_lands_in_the_account_field_of_its_name() {
        Map<String, Object> account = json(TeamJson.Account.of(everyFieldNamed()));
        Set<String> named = Set.of("uuid", "name", "description", "currency", "email", "account_type",
                "logo", "theme_color", "payment_note");
        named.forEach(field -> assertEquals(field, account.get(field), "the value in " + field));
        assertEquals("deleted", account.get("status"));
        assertEquals(7L, account.get("id"));
        assertEquals(3L, account.get("organization_id"));
        assertEquals("254", account.get("dial_code"));
        assertEquals("700000001", account.get("number"));
        assertEquals("+254700000001", account.get("phone_number"));
        assertEquals(2, account.get("kyc_tier"));
        assertEquals(true, account.get("kyc_verified"));
        assertEquals(new BigDecimal("12.34"), account.get("service_wallet_balance"));
        assertEquals(500L, account.get("notify_amount"));
        assertEquals("2026-01-02T03:04:05Z", account.get("created_at"));
        assertEquals("2026-02-03T04:05:06Z", account.get("updated_at"));
        assertEquals(21, account.size());
    }

    @Test
    void a_profile_lists_the_team_from_its_parts() {
        Map<String, Object> listed = json(TeamJson.ProfileAccount.of(everyFieldNamed()));
        Set.of("name", "uuid", "email", "currency")
                .forEach(field -> assertEquals(field, listed.get(field), "the value in " + field));
        assertEquals("deleted", listed.get("status"));
        assertEquals(7L, listed.get("id"));
        assertEquals(7L, listed.get("merchant_id"));
        assertEquals("+254700000001", listed.get("phone_number"));
        assertEquals(2, listed.get("kyc_tier"));
        assertEquals(true, listed.get("is_approved"));
    }

    @Test
    void a_user_is_filled_from_person_and_login() {
        var user = new UserStore.User(5, 3L, new UserStore.Person("first_name", "last_name", "email", "phone_number"),
                new UserStore.Login("username", true, UserStatus.ACTIVE, false));
        Map<String, Object> json = json(TeamJson.User.of(user));
        Set.of("first_name", "last_name", "email", "phone_number", "username")
                .forEach(field -> assertEquals(field, json.get(field), "the value in " + field));
        assertEquals("active", json.get("status"));
        assertEquals(5L, json.get("id"));
        assertEquals(true, json.get("is_admin"));
    }
}
