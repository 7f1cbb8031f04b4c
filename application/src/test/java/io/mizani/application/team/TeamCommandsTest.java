package io.mizani.application.team;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.team.Team;

class TeamCommandsTest {

    @Test
    void a_team_needs_an_organization_and_a_name() {
        assertEquals("organization_id is required", assertThrows(DomainError.class,
                () -> new TeamCommands.CreateTeam(null, "x", null, new Team.Contact(null, "+254", null), null, null)).getMessage());
        assertEquals("name is required", assertThrows(DomainError.class,
                () -> new TeamCommands.CreateTeam(1L, "  ", null, new Team.Contact(null, "+254", null), null, null)).getMessage());
    }

    @Test
    void inputs_are_normalised() {
        var cmd = new TeamCommands.CreateTeam(1L, " Ops ", "", new Team.Contact("Ops@Example.COM", "+254", "0712 345-678"), null, null);
        assertEquals("Ops", cmd.name());
        assertNull(cmd.description());
        assertEquals("ops@example.com", cmd.contact().email());
        assertEquals("254", cmd.contact().dialCode());
        assertEquals("0712345678", cmd.contact().number());
    }

    @Test
    void malformed_fields_are_named_in_the_refusal() {
        assertEquals("email must be a valid e-mail address", assertThrows(DomainError.class,
                () -> new TeamCommands.CreateTeam(1L, "x", null, new Team.Contact("nope", "+254", null), null, null)).getMessage());
        assertEquals("name must be at most 255 characters", assertThrows(DomainError.class,
                () -> new TeamCommands.CreateTeam(1L, "x".repeat(256), null, new Team.Contact(null, "+254", null), null, null)).getMessage());
        assertThrows(DomainError.class, () -> new TeamCommands.CreateTeam(1L, "x", null, new Team.Contact(null, "+25a", null), null, null));
        assertThrows(DomainError.class, () -> new TeamCommands.UpdateTeam(1L, null, null, null, "red", null, null));
        assertThrows(DomainError.class, () -> new TeamCommands.UpdateTeam(1L, null, null, null, null, null, -1L));
        assertThrows(DomainError.class, () -> new TeamCommands.Invite(1L, 2L, null, null, null, null, null));
        assertThrows(DomainError.class, () -> new TeamCommands.Invite(1L, 2L, "a@b.co", null, null, null, "ftp://x"));
    }
}
