package io.mizani.adapter.rest.payment;

import com.fasterxml.jackson.databind.JsonNode;
import io.mizani.application.payment.LookUpOnNotice;
import jakarta.annotation.security.PermitAll;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where Airtel Money posts a transaction's result (the callback URL registered in Airtel's portal):
 * {@code {transaction: {id, message, status_code, airtel_money_id}, hash?}}. The service holds no callback key, so
 * the notification is only a hint: the payment its {@code transaction.id} names (our partner transaction id
 * {@code MZA…}, i.e. the payment reference {@code MZP…}) is looked up at Airtel at once and the enquiry's answer, not
 * the notification's {@code status_code}, settles it. No credentials; any JSON object is answered 200 at once.
 */
@PermitAll
@Path("/api/providers/airtel/notify")
@Consumes(MediaType.WILDCARD)
@Produces(MediaType.APPLICATION_JSON)
public class AirtelNotifyResource {

    static final String PATH = "/api/providers/airtel/notify";
    static final Set<String> PROVIDERS = Set.of("airtel_ke", "airtel_ug");

    @Inject
    LookUpOnNotice lookUp;

    @POST
    public Response post(String body) {
        return UnsignedNotice.hint(PATH, body, PROVIDERS, lookUp, n -> {
            List<String> references = new ArrayList<>();
            JsonNode id = n.path("transaction").path("id");
            if (id.isValueNode() && !id.isNull()) {
                String transactionId = id.asText();
                references.add(transactionId);
                // MZA… is the partner transaction id of the payment MZP…
                if (transactionId.startsWith("MZA") && transactionId.length() > 3) {
                    references.add("MZP" + transactionId.substring(3));
                }
            }
            return references;
        });
    }
}
