package io.mizani.bootstrap.payout;

import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payout.PayoutFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A 10,000-item CSV end to end in the sandbox: validated and stored, approved (10,000 withdrawals reserved and queued
 * at once), drained by the workers to final (the account numbers make 1 in 100 declined), the batch completed with
 * its counts, the balance exactly what the succeeded items cost. No timing is asserted (bench/payout-batch.sh).
 */
@QuarkusTest
class PayoutBatchTenThousandTest {

    @Test
    void ten_thousand_items_from_csv_drain_to_final() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "1200000");
        TeamUser admin = addUser(m, "admin");
        String ref = batchRef();
        var csv = new StringBuilder(CSV_HEADER).append("\r\n");
        for (int i = 0; i < 10_000; i++) {
            // ...00 is declined by the sandbox rail; every other one succeeds
            String account = "+2547" + String.format("%08d", i % 100 == 0 ? 100 + i * 100 : 100 + i * 100 + 7);
            csv.append(csvRow(ref + "-" + i, "100", account)).append("\r\n");
        }
        try (var callbacks = new CallbackReceiver()) {
            JsonPath created = csvAs(m).queryParam("batch_reference", ref).queryParam("callback_url", callbacks.url("/cb"))
                    .body(csv.toString()).post("/api/global/payout-batches").then().statusCode(200).extract().jsonPath();
            assertEquals(10_000, created.getInt("batch.item_count"));
            assertEquals(1_000_000f, ((Number) created.getMap("batch.total_amount").get("KES")).floatValue());
            JsonPath approved = admin.as().post("/api/global/payout-batches/" + ref + "/approve").then().statusCode(200)
                    .extract().jsonPath();
            assertEquals("processing", approved.getString("batch.status"));
            assertEquals(1_200_000f - 10_000 * 115f, PayoutFixtures.available(m, "KES"));

            JsonPath done = null;
            Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
            while (Instant.now().isBefore(deadline)) {
                done = m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200).extract().jsonPath();
                if ("completed".equals(done.getString("batch.status"))) {
                    break;
                }
                Thread.sleep(1000);
            }
            assertEquals("completed", done.getString("batch.status"), done.prettify());
            assertEquals(Map.of("queued", 0, "pending", 0, "succeeded", 9_900, "failed", 100), done.getMap("batch.counts"));
            assertEquals(1_200_000f - 9_900 * 115f, PayoutFixtures.available(m, "KES"));
            assertEquals(0f, PayoutFixtures.reserved(m, "KES"));
            assertEquals(100, m.as().queryParam("status", "failed").queryParam("limit", 100)
                    .get("/api/global/payout-batches/" + ref + "/items").then().statusCode(200).extract().jsonPath()
                    .getList("items").size());
        }
    }
}
