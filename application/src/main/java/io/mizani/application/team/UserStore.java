package io.mizani.application.team;

import io.mizani.domain.team.UserStatus;
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

    /** Who a user is: name, e-mail and phone number. */
    record Person(String firstName, String lastName, String email, String phoneNumber) {

        /** "First Last", or empty when neither is known. */
        public String fullName() {
            return ((firstName == null ? "" : firstName) + " " + (lastName == null ? "" : lastName)).strip();
        }
    }

    /** How a user signs in and where that stands: username, platform admin or not, status, PIN set or not. */
    record Login(String username, boolean admin, UserStatus status, boolean pinSet) {
    }

    record NewUser(Long organizationId, Person person, String username, boolean admin) {
    }

    record User(long id, Long organizationId, Person person, Login login) {
    }
}
