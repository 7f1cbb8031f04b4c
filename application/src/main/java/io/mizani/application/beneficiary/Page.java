package io.mizani.application.beneficiary;

import java.util.List;
import java.util.function.Function;

/** One page of a list, with the pagination block of the contract. */
public record Page<T>(List<T> items, long count, int page, int per) {

    public Page {
        items = List.copyOf(items);
    }

    public int numPages() {
        return (int) ((count + per - 1) / per);
    }

    public Integer nextPage() {
        return page < numPages() ? page + 1 : null;
    }

    public Integer prevPage() {
        return page > 1 ? page - 1 : null;
    }

    public <R> Page<R> map(Function<T, R> f) {
        return new Page<>(items.stream().map(f).toList(), count, page, per);
    }
}
