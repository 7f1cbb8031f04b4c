package io.mizani.application.common;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Work handed from one thread to a worker in memory, at most about {@code capacity} waiting: a producer asks
 * {@link #hasRoom} before it commits to handing something over (several may pass the check at once, so the bound is
 * loose by the number of producers), and the worker {@link #take}s what waits. Capacity 0: never room.
 * <p>
 * With a key (a merchant), {@link #take} is fair between keys: one item of each key in turn, each key's oldest first,
 * and the keys served last go to the back of the turn, so that one merchant's burst waiting here never holds back
 * another merchant's item for more than a turn (the fair claim's promise, docs/architecture.md "Fair claiming").
 * Without one, oldest first.
 */
public final class HandOffQueue<T> {

    private static final Object ONE_KEY = new Object();

    private final int capacity;
    private final Function<T, Object> key;
    /** Each key's items, oldest first; the keys in their turn's order. */
    private final LinkedHashMap<Object, ArrayDeque<T>> waiting = new LinkedHashMap<>();
    private int count;

    /** Oldest first. */
    public HandOffQueue(int capacity) {
        this(capacity, item -> ONE_KEY);
    }

    /** Fair between the keys {@code key} gives (one of each in turn), each key's oldest first. */
    public HandOffQueue(int capacity, Function<T, Object> key) {
        this.capacity = capacity;
        this.key = key;
    }

    /** Whether fewer than {@code capacity} wait. */
    public synchronized boolean hasRoom() {
        return capacity > 0 && count < capacity;
    }

    public synchronized void add(T item) {
        waiting.computeIfAbsent(key.apply(item), k -> new ArrayDeque<>()).add(item);
        count++;
    }

    /** Up to {@code max} of what waits, one of each key in turn; each is the caller's from then on. */
    public synchronized List<T> take(int max) {
        List<T> out = new ArrayList<>();
        while (out.size() < max && !waiting.isEmpty()) {
            List<Object> served = new ArrayList<>();
            for (Map.Entry<Object, ArrayDeque<T>> e : waiting.entrySet()) {
                if (out.size() == max) {
                    break;
                }
                out.add(e.getValue().poll());
                served.add(e.getKey());
            }
            for (Object k : served) { // to the back of the turn, or gone when empty
                ArrayDeque<T> items = waiting.remove(k);
                if (!items.isEmpty()) {
                    waiting.put(k, items);
                }
            }
        }
        count -= out.size();
        return out;
    }

    /** How many wait. */
    public synchronized int waiting() {
        return count;
    }
}
