package io.mizani.bootstrap.team;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The invitation page shows what a merchant typed as text, never as markup: the Team's name and the new member's
 * first name pass through the page's Qute templates escaped.
 */
@QuarkusTest
class InvitePageTest {

    @Test
    void names_with_markup_are_shown_as_typed_and_never_run() {
        String token = TestMerchants.invite(TestMerchants.named("Kamau & <b>Sons</b> \"Ltd\""));
        given().accept("text/html").get("/api/v2/account_invites/accept?invite_token=" + token).then().statusCode(200)
                .body(containsString("<span id=\"team_name\">Kamau &amp; &lt;b&gt;Sons&lt;/b&gt; &quot;Ltd&quot;</span>"))
                .body(not(containsString("<b>Sons</b>")));
        given().formParam("invite_token", token).formParam("first_name", "<script>alert(1)</script>")
                .formParam("last_name", "Lee").post("/api/v2/account_invites/accept").then().statusCode(200)
                .body(containsString("Welcome, &lt;script&gt;alert(1)&lt;/script&gt;."))
                .body(not(containsString("<script>")));
    }
}
