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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * Statements (platform.md section 17): ask for one (202, built in the background on any replica), read it, and
 * download its CSV through the signed link, which needs no credentials (RequireCredentialsFilter lets its path
 * through; the token is the key).
 */
@Tag(name = "Balances")
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

    @Operation(operationId = "createStatement", summary = "Ask for a statement of a balance over some days (built in the background)")
    @APIResponse(responseCode = "202",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "StatementEnvelope")))
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON,
                example = "{\"currency\":\"KES\",\"from\":\"2026-11-01\",\"to\":\"2026-11-30\"}"))
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Response request(StatementRequestBody body) {
        var view = requestStatement.request(Requests.body(body).toCommand(currentMerchant.merchant().accountId()));
        return Response.accepted(Map.of("statement", view.asMap())).build();
    }

    @Operation(operationId = "getStatement", summary = "Read a statement and its download link")
    @APIResponse(responseCode = "200",
                content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(ref = "StatementEnvelope")))
    @APIResponse(responseCode = "404")
    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Object> read(@Parameter(description = "The statement's id") @PathParam("id") String id) {
        return Map.of("statement", readStatement.read(currentMerchant.merchant().accountId(), id).asMap());
    }

    @Operation(operationId = "downloadStatement", summary = "Download a statement's CSV through its signed link (no credentials)")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404")
    @GET
    @Path("/download/{token}")
    @PermitAll
    @Produces("text/csv")
    public Response download(
            @Parameter(description = "The signed token of a statement's download link")
            @PathParam("token") String token) {
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
