package io.mizani.adapter.rest.statement;

import io.mizani.adapter.rest.common.Requests;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.application.statement.DownloadStatement;
import io.mizani.application.statement.ReadStatement;
import io.mizani.application.statement.RequestStatement;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

import java.util.Map;

/**
 * Statements (platform.md section 17): ask for one (202, built in the background on any replica), read it, and
 * download its CSV through the signed link, which needs no credentials (RequireCredentialsFilter lets its path
 * through; the token is the key).
 */
@Path("/api/global/statements")
@RolesAllowed("merchant")
public class StatementResource {

    /** The body of POST /api/global/statements. */
    public record StatementRequestBody(String currency, String from, String to) {
        RequestStatement.Command toCommand(long accountId) {
            return RequestStatement.Command.of(accountId, currency, from, to);
        }
    }

    @Inject
    CurrentMerchant currentMerchant;
    @Inject
    RequestStatement requestStatement;
    @Inject
    ReadStatement readStatement;
    @Inject
    DownloadStatement downloadStatement;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response request(StatementRequestBody body) {
        var view = requestStatement.request(Requests.body(body).toCommand(currentMerchant.merchant().accountId()));
        return Response.accepted(Map.of("statement", view.asMap())).build();
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> read(@PathParam("id") String id) {
        return Map.of("statement", readStatement.read(currentMerchant.merchant().accountId(), id).asMap());
    }

    @GET
    @Path("/download/{token}")
    @PermitAll
    @Produces("text/csv")
    public Response download(@PathParam("token") String token) {
        DownloadStatement.Download d = downloadStatement.open(token);
        StreamingOutput body = out -> downloadStatement.send(d, out);
        return Response.ok(body, "text/csv; charset=utf-8")
                .header("Content-Length", d.size())
                .header("Content-Disposition", "attachment; filename=\"" + d.fileName() + "\"")
                .header("ETag", "\"" + d.sha256() + "\"")
                .header("Cache-Control", "private, no-store")
                .header("Referrer-Policy", "no-referrer")
                .build();
    }
}
