package io.mizani.application.tenancy;

/** Every operator login has a platform user row ({@code is_admin} true); its id is the reviewer id. */
public interface OperatorDirectory {

    /** The platform user id of this operator login, created on first use. */
    long operatorUserId(String username);
}
