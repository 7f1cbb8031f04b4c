package io.mizani.application.team;

import java.util.Optional;

public interface UserStore {

    long create(NewUser user);

    Optional<User> find(long id);

    Optional<User> findByEmail(long organizationId, String email);

    /**
     * Serialises, until the transaction ends, everyone about to create a user with this e-mail in this organization,
     * so "find by e-mail, else create" cannot run twice at once (two invitations accepted together).
     */
    void lockEmail(long organizationId, String email);

    record NewUser(Long organizationId, String firstName, String lastName, String email, String phoneNumber,
                   String username, boolean admin) {
    }

    record User(long id, Long organizationId, String firstName, String lastName, String email, String phoneNumber,
                String username, boolean admin, String status, boolean pinSet) {
    }
}
