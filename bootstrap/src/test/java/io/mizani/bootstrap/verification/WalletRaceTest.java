package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

@QuarkusTest
class WalletRaceTest {

    @Test
    void a_wallet_funded_for_n_checks_serves_exactly_n_of_4n_concurrent_calls() throws Exception {
        int n = 10;
        Merchant m = platformMerchant(String.valueOf(40 * n)); // national_id_ke: 40 KES live
        List<Callable<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 4 * n; i++) {
            String id = String.format("5%05d12", i); // distinct identifiers (all verified): every call is live
            calls.add(() -> m.as().body(Map.of("number", id)).post("/api/v1/kyc/verify/national_id_ke")
                    .then().extract().statusCode());
        }
        ExecutorService pool = Executors.newFixedThreadPool(4 * n);
        List<Integer> statuses = new ArrayList<>();
        try {
            for (Future<Integer> f : pool.invokeAll(calls)) {
                statuses.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        Map<Integer, Long> counts = statuses.stream().collect(Collectors.groupingBy(s -> s, Collectors.counting()));
        assertEquals(Map.of(200, (long) n, 402, 3L * n), counts);
        assertEquals(0f, balance(m));
        assertEquals(n, m.as().get("/api/v1/kyc/lookups?limit=500").then().extract().jsonPath().getList("$").size());
    }
}
