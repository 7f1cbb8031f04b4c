package io.mizani.domain.team;

import java.util.Arrays;
import java.util.Optional;

/** A user's role on a Team. The Team's creator is {@link #OWNER}. */
public enum Role {
    OWNER(1, "owner"), ADMIN(2, "admin"), MEMBER(3, "member"), VIEWER(4, "viewer");

    private final int id;
    private final String label;

    Role(int id, String label) {
        this.id = id;
        this.label = label;
    }

    public int id() {
        return id;
    }

    public String label() {
        return label;
    }

    /** Owners and admins manage the Team: update, delete, invite, remove members. */
    public boolean canManage() {
        return this == OWNER || this == ADMIN;
    }

    public static Optional<Role> byId(int id) {
        return Arrays.stream(values()).filter(r -> r.id == id).findFirst();
    }
}
