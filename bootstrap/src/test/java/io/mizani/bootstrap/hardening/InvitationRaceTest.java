package io.mizani.bootstrap.hardening;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.mailer.MockMailbox;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;

/** Issue 10 item 4: concurrent invitation acceptance never answers 500. */
@QuarkusTest
class InvitationRaceTest {

    @Inject
    MockMailbox mailbox;

    private record Answer(int status, String body) {
    }

    @Test
    void one_token_accepted_30_times_at_once_makes_one_user_and_the_rest_404() throws Exception {
        Merchant m = TestMerchants.onboard();
        String email = "race" + System.nanoTime() + "@example.com";
        String token = invite(m, m.accountId(), email, 3);
        List<Answer> answers = all(30, () -> accept(token, "Racer"));
        long ok = answers.stream().filter(a -> a.status() == 200).count();
        assertEquals(1, ok, answers.toString());
        for (Answer a : answers) {
            assertTrue(a.status() == 200 || a.status() == 404 || a.status() == 409, a.toString());
        }
        // the other merchant's view: the invitee belongs to m's organization only
        Merchant other = TestMerchants.onboard();
        long userId = answers.stream().filter(a -> a.status() == 200).map(a -> JsonPath.from(a.body()).getLong("user.id"))
                .findFirst().orElseThrow();
        other.as().get("/api/v2/user_profile/" + userId).then().statusCode(404);
        m.as().get("/api/v2/user_profile/" + userId).then().statusCode(200)
                .body("user_profile.roles." + m.accountId(), equalTo("member"));
    }

    @Test
    void two_invitations_for_one_email_accepted_at_once_make_one_user_with_both_roles() throws Exception {
        for (int trial = 0; trial < 5; trial++) {
            Merchant m = TestMerchants.onboard();
            long second = m.as().body(team(m, "Second " + trial)).post("/api/v2/accounts").then().statusCode(200)
                    .extract().jsonPath().getLong("account.id");
            String email = "both" + System.nanoTime() + "@example.com";
            String t1 = invite(m, m.accountId(), email, 2);
            String t2 = invite(m, second, email, 3);
            CountDownLatch go = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                Future<Answer> a1 = pool.submit(() -> {
                    go.await();
                    return accept(t1, "Both");
                });
                Future<Answer> a2 = pool.submit(() -> {
                    go.await();
                    return accept(t2, "Both");
                });
                go.countDown();
                Answer r1 = a1.get();
                Answer r2 = a2.get();
                assertEquals(200, r1.status(), r1.body());
                assertEquals(200, r2.status(), r2.body());
                long u1 = JsonPath.from(r1.body()).getLong("user.id");
                long u2 = JsonPath.from(r2.body()).getLong("user.id");
                assertEquals(u1, u2, "one user for one e-mail");
                m.as().get("/api/v2/user_profile/" + u1).then().statusCode(200)
                        .body("user_profile.roles." + m.accountId(), equalTo("admin"))
                        .body("user_profile.roles." + second, equalTo("member"));
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static Map<String, Object> team(Merchant m, String name) {
        Map<String, Object> body = new HashMap<>();
        body.put("organization_id", m.organizationId());
        body.put("name", name);
        body.put("description", "a Team");
        body.put("email", "ops@example.com");
        body.put("dial_code", "+254");
        body.put("number", "712345678");
        return body;
    }

    private String invite(Merchant m, long accountId, String email, int role) {
        int before = mailbox.getMailsSentTo(email).size();
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", accountId, "email", email,
                        "role_id", role, "base_url", "https://app.example.com/join"))
                .post("/api/v2/account_invites").then().statusCode(200);
        var mails = mailbox.getMailsSentTo(email);
        assertEquals(before + 1, mails.size());
        String text = mails.get(mails.size() - 1).getText();
        return text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
    }

    private static Answer accept(String token, String name) {
        var r = given().contentType(ContentType.JSON)
                .body(Map.of("token", token, "first_name", name, "last_name", "Invitee"))
                .post("/api/v2/account_invites/accept");
        return new Answer(r.statusCode(), r.asString());
    }

    private static List<Answer> all(int n, Callable<Answer> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Answer>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(pool.submit(() -> {
                    go.await();
                    return call.call();
                }));
            }
            go.countDown();
            List<Answer> out = new ArrayList<>();
            for (Future<Answer> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
