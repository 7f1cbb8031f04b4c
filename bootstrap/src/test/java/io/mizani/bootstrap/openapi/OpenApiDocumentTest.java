package io.mizani.bootstrap.openapi;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * The served contract (/q/openapi) is the committed one (docs/openapi.yaml), so the generated client and the response
 * validation use what the service really publishes. After a change to the API, regenerate the file with
 * {@code ./mvnw verify -pl bootstrap -am -Dtest=OpenApiDocumentTest -Dopenapi.update=true} and review its diff.
 */
@QuarkusTest
class OpenApiDocumentTest {

    @Test
    void the_served_document_is_the_committed_one() throws Exception {
        String served = given().get("/q/openapi").then().statusCode(200).extract().asString().replace("\r\n", "\n");
        if (Boolean.getBoolean("openapi.update")) {
            Files.writeString(ContractValidation.DOCUMENT, served);
        }
        String committed = Files.readString(ContractValidation.DOCUMENT).replace("\r\n", "\n");
        assertEquals(committed, served, "docs/openapi.yaml differs from /q/openapi: regenerate it (docs/openapi.md)");
    }

    @Test
    void every_property_is_snake_case_and_every_operation_is_described() {
        JsonPath doc = given().get("/q/openapi?format=json").then().statusCode(200).extract().jsonPath();
        Map<String, Map<String, Object>> schemas = doc.getMap("components.schemas");
        List<String> camel = new ArrayList<>();
        schemas.forEach((name, s) -> {
            Object props = s.get("properties");
            if (props instanceof Map<?, ?> m) {
                m.keySet().forEach(p -> {
                    if (!String.valueOf(p).matches("[a-z0-9_]+")) {
                        camel.add(name + "." + p);
                    }
                });
            }
        });
        assertEquals(List.of(), camel, "property names the wire never carries");
        assertFalse(schemas.toString().contains("value_node"), "Jackson tree internals in the document");

        Map<String, Map<String, Map<String, Object>>> paths = doc.getMap("paths");
        List<String> missing = new ArrayList<>();
        paths.forEach((path, ops) -> ops.forEach((method, o) -> {
            String key = method.toUpperCase() + " " + path;
            if (o.get("summary") == null || o.get("operationId") == null || o.get("tags") == null) {
                missing.add(key + " summary/operationId/tags");
            }
            Map<String, Map<String, Object>> responses = cast(o.get("responses"));
            responses.forEach((status, r) -> {
                Map<String, Map<String, Object>> content = cast(r.get("content"));
                if (content == null) {
                    missing.add(key + " " + status + " body");
                } else {
                    content.values().forEach(mt -> {
                        if (mt.get("example") == null && mt.get("examples") == null && !status.matches("[45]..")) {
                            missing.add(key + " " + status + " example");
                        }
                    });
                }
            });
            Map<String, Object> body = cast(o.get("requestBody"));
            if (body != null) {
                Map<String, Map<String, Object>> content = cast(body.get("content"));
                content.values().forEach(mt -> {
                    if (mt.get("example") == null && mt.get("examples") == null) {
                        missing.add(key + " request example");
                    }
                });
            }
        }));
        assertEquals(List.of(), missing);
        assertTrue(doc.getMap("paths.'/api/admin/merchants'.post.responses").containsKey("201"), "operator creates answer 201");
        assertFalse(doc.getMap("paths.'/api/admin/merchants'.post.responses").containsKey("200"));
        assertEquals(List.of("Verification", "Teams", "Team KYC", "Beneficiaries", "Payments", "Balances", "Events", "Operator"),
                doc.getList("tags.name"));
        assertTrue(doc.getString("info.version").matches("\\d+\\.\\d+\\.\\d+.*"));
        Matcher m = Pattern.compile("\"(40[0-9]|41[0-9]|42[0-9]|50[0-9])\"").matcher(doc.prettify());
        List<String> seen = new ArrayList<>();
        while (m.find()) {
            seen.add(m.group(1));
        }
        for (String s : List.of("400", "401", "402", "403", "404", "409", "412", "415", "422", "429", "502", "503")) {
            assertTrue(seen.contains(s), s + " is documented somewhere");
        }
    }

    @Test
    void every_parameter_is_described_and_fixed_value_sets_are_enums() {
        JsonPath doc = given().get("/q/openapi?format=json").then().statusCode(200).extract().jsonPath();
        Map<String, Map<String, Map<String, Object>>> paths = doc.getMap("paths");
        List<String> undescribed = new ArrayList<>();
        paths.forEach((path, ops) -> ops.forEach((method, o) -> {
            List<Map<String, Object>> params = cast(o.get("parameters"));
            if (params != null) {
                params.forEach(p -> {
                    if (p.get("description") == null || p.get("description").toString().isBlank()) {
                        undescribed.add(method.toUpperCase() + " " + path + " " + p.get("name"));
                    }
                });
            }
        }));
        assertEquals(List.of(), undescribed, "parameters without a description");

        String schemas = "components.schemas.";
        assertEquals(java.util.Arrays.stream(io.mizani.domain.payment.PaymentStatus.values())
                        .map(io.mizani.domain.payment.PaymentStatus::wire).toList(),
                doc.getList(schemas + "Transaction.properties.status.enum"));
        assertEquals(io.mizani.application.events.EventTypes.ALL, doc.getList(schemas + "EventBody.properties.type.enum"));
        assertEquals(List.of("payment", "withdrawal"), doc.getList(schemas + "StartPaymentBody.properties.request_type.enum"));
        assertEquals(List.of("momo", "bank", "card"), doc.getList(schemas + "Transaction.properties.transaction_channel.enum"));
        assertEquals(List.of("tier_0", "full"), doc.getList(schemas + "Beneficiary.properties.kyc_level.enum"));
        // a value the service always writes is not nullable; one it may not have is
        Object statusNullable = doc.get(schemas + "Transaction.properties.status.nullable");
        Object transactionNullable = doc.get(schemas + "Transaction.nullable");
        Object completedNullable = doc.get(schemas + "Transaction.properties.completed_at.nullable");
        assertEquals(null, statusNullable);
        assertEquals(null, transactionNullable);
        assertEquals(Boolean.TRUE, completedNullable);
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }
}
