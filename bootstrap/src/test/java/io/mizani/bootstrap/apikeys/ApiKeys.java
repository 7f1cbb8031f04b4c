package io.mizani.bootstrap.apikeys;

import static io.restassured.RestAssured.given;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

/** Issues API keys through the API, as a Team's owner does, and calls the API with them. */
final class ApiKeys {

    private ApiKeys() {
    }

    /** A key as issued: its id, the credential that opens it and the whole answer. */
    record Key(String keyId, String username, String password, JsonPath issued) {
        RequestSpecification as() {
            return given().auth().preemptive().basic(username, password).contentType(ContentType.JSON);
        }
    }

    static Key create(RequestSpecification owner, String name, List<String> scopes, String expiresAt) {
        Map<String, Object> body = new HashMap<>();
        body.put("name", name);
        body.put("scopes", scopes);
        if (expiresAt != null) {
            body.put("expires_at", expiresAt);
        }
        JsonPath json = owner.body(body).post("/api/v2/api_keys").then().statusCode(201).extract().jsonPath();
        return new Key(json.getString("api_key.key_id"), json.getString("username"), json.getString("password"), json);
    }

    static Key create(Merchant owner, String name, String... scopes) {
        return create(owner.as(), name, List.of(scopes), null);
    }
}
