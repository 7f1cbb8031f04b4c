package io.mizani.domain.teamkyc;

final class Merge {

    private Merge() {
    }

    static <T> T pick(T change, T base) {
        return change != null ? change : base;
    }
}
