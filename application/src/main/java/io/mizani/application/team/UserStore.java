package io.mizani.application.team;

import java.util.Optional;

public interface UserStore {

    long create(NewUser user);

    Optional<User> find(long id);

    Optional<User> findByEmail(long organizationId, String email);

    record NewUser(Long organizationId, String firstName, String lastName, String email, String phoneNumber,
                   String username, boolean admin) {
    }

    record User(long id, Long organizationId, String firstName, String lastName, String email, String phoneNumber,
                String username, boolean admin, String status, boolean pinSet) {
    }
}
