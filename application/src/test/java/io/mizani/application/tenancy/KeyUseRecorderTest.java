package io.mizani.application.tenancy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.mizani.domain.tenancy.ApiKeyId;

class KeyUseRecorderTest {

    long nanos = 1_000;
    final List<String> writes = new ArrayList<>();
    boolean failing;

    final ApiKeyStore store = new ApiKeyStore() {
        @Override
        public Optional<ApiKey> insert(NewKey key) {
            throw new UnsupportedOperationException();
        }

        @Override
        public List<ApiKey> list(long accountId) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Owned> find(long accountId, ApiKeyId id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean recordUse(String keyId, int minutes) {
            writes.add(keyId + "/" + minutes);
            if (failing) {
                throw new IllegalStateException("database down");
            }
            return true;
        }
    };

    final KeyUseRecorder recorder = new KeyUseRecorder(store, () -> nanos, 1);

    @Test
    void a_key_used_many_times_within_a_minute_is_written_once() {
        for (int i = 0; i < 1_000; i++) {
            recorder.used("key_a");
            nanos += 50_000_000L; // 1,000 uses 50 ms apart: 50 s
        }
        assertEquals(List.of("key_a/1"), writes);
    }

    @Test
    void the_first_use_after_the_minute_writes_again_and_keys_are_counted_apart() {
        recorder.used("key_a");
        recorder.used("key_b");
        nanos += 59_999_999_999L;
        recorder.used("key_a");
        nanos += 1;
        recorder.used("key_a");
        recorder.used("key_a");
        assertEquals(List.of("key_a/1", "key_b/1", "key_a/1"), writes);
    }

    @Test
    void a_failed_write_does_not_fail_the_request_nor_retry_before_the_minute() {
        failing = true;
        recorder.used("key_a");
        recorder.used("key_a");
        assertEquals(1, writes.size());
        nanos += 60_000_000_000L;
        failing = false;
        recorder.used("key_a");
        assertEquals(2, writes.size());
    }
}
