package io.mizani.adapter.rest.payment;

import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.application.payment.LookUpOnNotice;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where MTN MoMo posts (or puts) the result of a request to pay or a transfer: the X-Callback-Url
 * {@code /api/providers/mtn/notify}. MTN signs nothing, so the notification is only a hint: the payment it names
 * (by {@code externalId}, our reference, or by the X-Reference-Id / {@code financialTransactionId}) is looked up at
 * MTN at once and the lookup's answer, not the notification's {@code status}, settles it. No credentials; any JSON
 * object is answered 200 at once, whether or not it named a payment.
 */
@PermitAll
@Path("/api/providers/mtn/notify")
@Consumes(MediaType.WILDCARD)
@Produces(MediaType.APPLICATION_JSON)
public class MtnNotifyResource {

    static final String PATH = "/api/providers/mtn/notify";
    static final Set<String> PROVIDERS = Set.of("mtn_gh", "mtn_ug");

    @Inject
    LookUpOnNotice lookUp;

    @POST
    public Response post(String body) {
        return notice(body);
    }

    @PUT
    public Response put(String body) {
        return notice(body);
    }

    private Response notice(String body) {
        return UnsignedNotice.hint(PATH, body, PROVIDERS, lookUp, n -> {
            List<String> references = new ArrayList<>();
            for (String field : new String[]{"externalId", "referenceId", "X-Reference-Id", "financialTransactionId"}) {
                JsonNode v = n.get(field);
                if (v != null && v.isValueNode() && !v.isNull()) {
                    references.add(v.asText());
                }
            }
            return references;
        });
    }
}
