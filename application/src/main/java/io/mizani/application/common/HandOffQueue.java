package io.mizani.application.common;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Work handed from one thread to a worker in memory, at most about {@code capacity} waiting: a producer asks
 * {@link #hasRoom} before it commits to handing something over (several may pass the check at once, so the bound is
 * loose by the number of producers), and the worker {@link #take}s what waits, oldest first. Capacity 0: never room.
 */
public final class HandOffQueue<T> {

    private final int capacity;
    private final Queue<T> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger count = new AtomicInteger();

    public HandOffQueue(int capacity) {
        this.capacity = capacity;
    }

    /** Whether fewer than {@code capacity} wait. */
    public boolean hasRoom() {
        return capacity > 0 && count.get() < capacity;
    }

    public void add(T item) {
        count.incrementAndGet();
        waiting.add(item);
    }

    /** Up to {@code max} of what waits, oldest first; each is the caller's from then on. */
    public List<T> take(int max) {
        List<T> out = new ArrayList<>();
        while (out.size() < max) {
            T item = waiting.poll();
            if (item == null) {
                break;
            }
            count.decrementAndGet();
            out.add(item);
        }
        return out;
    }

    /** How many wait. */
    public int waiting() {
        return count.get();
    }
}
