package io.mizani.domain.verification.match;

import java.time.LocalDate;

/** What the merchant's customer typed: the verify body's {@code match} object. Every part optional (null). */
public record MatchRequest(String firstName, String lastName, LocalDate dateOfBirth) {

    public MatchRequest {
        firstName = firstName == null || firstName.isBlank() ? null : firstName;
        lastName = lastName == null || lastName.isBlank() ? null : lastName;
    }
}
