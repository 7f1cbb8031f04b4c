package io.mizani.bootstrap.openapi;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.restassured.response.Response;

/**
 * The comparison of {@link RequiredFieldsTest}, shared with the classes that compare the operations needing another
 * test profile ({@link RequiredFieldsFourEyesTest}, {@link RequiredFieldsScreeningTest}): the document's request
 * example is sent whole (it must be accepted), then without each of its properties at every depth (nested objects,
 * and the first element of an array of objects), and "refused with 400" is compared with "marked {@code required}".
 */
abstract class RequiredFieldsComparison {

    private static final AtomicLong SEQ = new AtomicLong(System.nanoTime() % 1_000_000);

    /** The ids of the operations compared by this class. */
    final Set<String> compared = new LinkedHashSet<>();
    final List<String> mismatches = new ArrayList<>();
    /** The {@link RequiredFieldsTest#CONDITIONAL} entries that did disagree. */
    final Set<String> excused = new LinkedHashSet<>();

    private Map<String, Object> doc;

    @SuppressWarnings("unchecked")
    Map<String, Object> doc() {
        if (doc == null) {
            doc = given().get("/q/openapi?format=json").then().statusCode(200).extract().jsonPath().getMap("$");
        }
        return doc;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    Map<String, Object> operation(String method, String path) {
        Map<String, Object> op = map(map(map(doc().get("paths")).get(path)).get(method.toLowerCase()));
        assertTrue(!op.isEmpty(), method + " " + path + " is in the document");
        return op;
    }

    /** A schema with its {@code $ref} followed. */
    Map<String, Object> resolve(Object schema) {
        Map<String, Object> s = map(schema);
        Object ref = s.get("$ref");
        if (ref != null) {
            String name = ref.toString().substring(ref.toString().lastIndexOf('/') + 1);
            return resolve(map(map(doc().get("components")).get("schemas")).get(name));
        }
        return s;
    }

    @SuppressWarnings("unchecked")
    static List<String> required(Map<String, Object> schema) {
        return schema.get("required") instanceof List<?> l ? (List<String>) l : List.of();
    }

    static long next() {
        return SEQ.incrementAndGet();
    }

    /** Sets {@code key} when the body (or the nested object on the way) has it: an omitted property stays omitted. */
    @SuppressWarnings("unchecked")
    static void replace(Map<String, Object> body, String key, Object value) {
        int dot = key.indexOf('.');
        if (dot > 0) {
            Object inner = body.get(key.substring(0, dot));
            if (inner instanceof Map<?, ?> m) {
                Map<String, Object> copy = new LinkedHashMap<>((Map<String, Object>) m);
                replace(copy, key.substring(dot + 1), value);
                body.put(key.substring(0, dot), copy);
            }
        } else if (body.containsKey(key)) {
            body.put(key, value);
        }
    }

    /**
     * Sends the example whole (it must be accepted), then without each property, comparing with the schema's
     * {@code required}.
     */
    void compare(String id, Map<String, Object> example, Map<String, Object> schema,
                 Function<Map<String, Object>, Response> send) {
        Response whole = send.apply(copy(example));
        if (whole.statusCode() >= 300) {
            mismatches.add(id + ": the example itself is refused: " + whole.statusCode() + " " + abbreviate(whole));
            return;
        }
        omitEach(id, example, List.of(), "", schema, send);
    }

    /**
     * Drops each property of the object at {@code at} (keys of maps, indices of lists) in a copy of the example, then
     * goes into each nested object and into the first element of each array of objects.
     */
    private void omitEach(String id, Map<String, Object> example, List<Object> at, String label,
                          Map<String, Object> schema, Function<Map<String, Object>, Response> send) {
        Map<String, Object> object = map(walk(example, at));
        Set<String> names = new LinkedHashSet<>(object.keySet());
        names.addAll(required(schema));
        Map<String, Object> props = map(schema.get("properties"));
        for (String name : names) {
            Map<String, Object> body = copy(example);
            map(walk(body, at)).remove(name);
            check(id, label + name, required(schema).contains(name), send.apply(body));
            Map<String, Object> inner = resolve(props.get(name));
            List<Object> deeper = new ArrayList<>(at);
            deeper.add(name);
            if (object.get(name) instanceof Map<?, ?> && inner.get("properties") != null) {
                omitEach(id, example, deeper, label + name + ".", inner, send);
            } else if (object.get(name) instanceof List<?> list && !list.isEmpty() && list.getFirst() instanceof Map<?, ?>) {
                Map<String, Object> items = resolve(inner.get("items"));
                if (items.get("properties") != null) {
                    deeper.add(0);
                    omitEach(id, example, deeper, label + name + "[0].", items, send);
                }
            }
        }
    }

    private static Object walk(Object from, List<Object> at) {
        Object o = from;
        for (Object step : at) {
            o = step instanceof Integer i ? ((List<?>) o).get(i) : map(o).get(step);
        }
        return o;
    }

    void check(String id, String property, boolean documented, Response r) {
        boolean refused = r.statusCode() == 400;
        String key = id + " " + property;
        if (r.statusCode() >= 500) {
            // bad input is the client's fault: a 4xx in the surface's shape, never a server error
            mismatches.add(key + ": the server fails without it: " + r.statusCode() + " " + abbreviate(r));
            return;
        }
        if (r.statusCode() >= 300 && !refused) {
            System.out.println("NOTE " + key + " answers " + r.statusCode() + " " + abbreviate(r));
        }
        if (refused != documented) {
            if (RequiredFieldsTest.CONDITIONAL.containsKey(key)) {
                excused.add(key);
            } else {
                mismatches.add(key + ": document " + (documented ? "requires it" : "does not require it") + ", server "
                        + (refused ? "refuses the body without it" : "answers " + r.statusCode()) + " " + abbreviate(r));
                System.out.println("MISMATCH " + mismatches.getLast());
            }
        }
    }

    static String abbreviate(Response r) {
        String s = r.asString();
        return s.length() > 160 ? s.substring(0, 160) : s;
    }

    /** A deep copy: maps and lists are copied at every depth. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> copy(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, copyValue(v)));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Object copyValue(Object v) {
        if (v instanceof Map<?, ?> inner) {
            return copy((Map<String, Object>) inner);
        }
        if (v instanceof List<?> list) {
            List<Object> out = new ArrayList<>();
            list.forEach(e -> out.add(copyValue(e)));
            return out;
        }
        return v;
    }

    /** Compares an operation with a JSON request body (its example, its schema) with what the server refuses. */
    void body(String method, String path, Function<Map<String, Object>, Response> send) {
        try {
            Map<String, Object> op = operation(method, path);
            Map<String, Object> content = map(map(map(op.get("requestBody")).get("content")).get("application/json"));
            Map<String, Object> example = map(content.get("example"));
            assertTrue(!example.isEmpty(), method + " " + path + " has a request example");
            compared.add(String.valueOf(op.get("operationId")));
            compare(String.valueOf(op.get("operationId")), example, resolve(content.get("schema")), send);
        } catch (AssertionError | RuntimeException e) {
            mismatches.add(method + " " + path + " could not be tested: " + e.getMessage());
        }
    }

    /**
     * An operation the document gives no request body: the server must accept it without one (no body, no
     * {@code Content-Type}, as {@code curl -X POST} sends it).
     */
    void noBody(String method, String path, java.util.function.Supplier<Response> send) {
        try {
            Map<String, Object> op = operation(method, path);
            String id = String.valueOf(op.get("operationId"));
            compared.add(id);
            if (op.containsKey("requestBody")) {
                mismatches.add(id + ": the document declares a request body, the server takes none");
                return;
            }
            Response r = send.get();
            if (r.statusCode() >= 300) {
                mismatches.add(id + ": the document declares no request body, the server refuses the call without "
                        + "one: " + r.statusCode() + " " + abbreviate(r));
            }
        } catch (AssertionError | RuntimeException e) {
            mismatches.add(method + " " + path + " could not be tested: " + e.getMessage());
        }
    }

    /** Makes the values at {@code keys} (dotted paths into nested objects) unique in this run. */
    static Map<String, Object> unique(Map<String, Object> body, String... keys) {
        long n = next();
        for (String k : keys) {
            Object v = k.contains(".") ? map(body.get(k.substring(0, k.indexOf('.')))).get(k.substring(k.indexOf('.') + 1))
                    : body.get(k);
            if (v == null) {
                continue;
            }
            String s = v.toString();
            String fresh = s.contains("@") ? n + "." + s
                    : s.startsWith("+") ? s.substring(0, s.length() - 6) + String.format("%06d", n % 1_000_000)
                    : s.matches("\\d+") ? s.substring(0, Math.max(0, s.length() - 6)) + String.format("%06d", n % 1_000_000)
                    : s + "-" + n;
            replace(body, k, fresh);
        }
        return body;
    }

    // ----------------------------------------------------------------------------------------------- fixtures

    /** A Kenyan merchant with a funded service wallet, checks on the platform key, and M-Pesa and Airtel. */
    static Merchant merchant() {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fund(m, "100000");
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        asOperator().body(Map.of("providers", List.of("mpesa_ke", "airtel_ke")))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(200);
        return m;
    }
}
