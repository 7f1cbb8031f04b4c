package io.mizani.bootstrap.teamkyc;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Concurrent writes on one Team's KYC are judged one after another. */
@QuarkusTest
class TeamKycRaceTest {

    private static List<Integer> race(int n, Callable<Integer> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return call.call();
                }));
            }
            start.countDown();
            List<Integer> statuses = new ArrayList<>();
            for (Future<Integer> f : futures) {
                statuses.add(f.get());
            }
            return statuses;
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void concurrent_first_submissions_for_one_team_store_exactly_one() throws Exception {
        Merchant m = TestMerchants.onboard();
        List<Integer> statuses = race(8, () -> m.as().body(TeamKycReviewTest.submission(m.accountId(), 2))
                .post("/api/v2/account_kycs").statusCode());
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(7, statuses.stream().filter(s -> s == 400).count(), statuses.toString());
        asOperator().get("/api/admin/account_kycs?status=pending&limit=500").then().statusCode(200);
    }

    @Test
    void concurrent_review_decisions_apply_exactly_one() throws Exception {
        Merchant m = TestMerchants.onboard();
        long id = TeamKycReviewTest.submitPending(m, 2);
        List<Integer> statuses = race(6, () -> {
            return asOperator().body(Map.of("decision", "approve", "kyc_tier", 3))
                    .post("/api/admin/account_kycs/" + id + "/review").statusCode();
        });
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(5, statuses.stream().filter(s -> s == 400).count(), statuses.toString());
        m.as().get("/api/v2/account/" + m.accountId()).then().body("account.kyc_tier", equalTo(3));
    }

    @Test
    void concurrent_upgrade_requests_record_exactly_one() throws Exception {
        Merchant m = TestMerchants.onboard();
        long id = TeamKycReviewTest.submitPending(m, 2);
        asOperator().body(Map.of("decision", "approve", "kyc_tier", 2))
                .post("/api/admin/account_kycs/" + id + "/review").then().statusCode(200);
        List<Integer> statuses = race(6, () -> m.as()
                .body(Map.of("account_id", m.accountId(), "upgrade_information", Map.of("upgrade_to", 4)))
                .post("/api/v2/account_kycs/upgrade").statusCode());
        assertEquals(1, statuses.stream().filter(s -> s == 200).count(), statuses.toString());
        assertEquals(5, statuses.stream().filter(s -> s == 400).count(), statuses.toString());
        asOperator().body(Map.of("decision", "approve"))
                .post("/api/admin/account_kycs/" + id + "/upgrade-review").then().statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(4));
    }
}
