package io.mizani.adapter.rest.audit;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.mizani.adapter.rest.common.EdgeGuard;
import io.mizani.adapter.rest.tenancy.CurrentMerchant;
import io.mizani.adapter.rest.tenancy.CurrentOperator;
import io.mizani.application.audit.AuditLog;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.operator.OperatorContext;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.audit.AuditRecord;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.operator.OperatorPermission;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

/**
 * Roles and the audit log around every {@link Audited} resource method (platform.md section 18).
 * <ol>
 *   <li>An operator whose role lacks the method's permission ({@link Needs}) gets 403 {@code forbidden}; a refused
 *       write is an audit event.</li>
 *   <li>A write runs in one transaction (use cases join it) and its {@code succeeded} event is appended in that same
 *       transaction: the action and its event commit together, and an action that rolls back leaves no such event.
 *       A write that is refused (a domain error, or an error page the console renders) is rolled back and then
 *       recorded as {@code refused} in a transaction of its own.</li>
 * </ol>
 */
@Audited
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
public class AuditedInterceptor {

    private static final Logger LOG = Logger.getLogger(AuditedInterceptor.class);

    @Inject
    SecurityIdentity identity;
    @Inject
    CurrentVertxRequest current;
    @Inject
    UnitOfWork uow;
    @Inject
    AuditLog audit;
    @Inject
    ObjectMapper mapper;

    /** A refused answer a resource returned instead of throwing (the console's error pages): rolls the action back. */
    private static final class RefusedAnswer extends RuntimeException {
        final transient Object answer;
        final int status;

        RefusedAnswer(Object answer, int status) {
            super(null, null, false, false);
            this.answer = answer;
            this.status = status;
        }
    }

    /** Carries a checked exception of the resource method through the transaction's supplier. */
    private static final class Checked extends RuntimeException {
        Checked(Exception cause) {
            super(cause);
        }
    }

    @AroundInvoke
    Object around(InvocationContext ic) throws Exception {
        Method m = ic.getMethod();
        boolean write = !m.isAnnotationPresent(GET.class) && !m.isAnnotationPresent(HEAD.class);
        Needs needs = m.getAnnotation(Needs.class);
        OperatorPermission permission = needs != null ? needs.value()
                : write ? OperatorPermission.ADMIN : OperatorPermission.READ;
        OperatorContext operator = CurrentOperator.of(identity);
        if (operator != null && !operator.role().may(permission)) {
            DomainError refusal = operator.role().refuse(permission);
            if (write) {
                recordRefused(base(ic, m, operator), refusal);
            }
            throw refusal;
        }
        if (!write) {
            return ic.proceed();
        }
        AuditRecord base = base(ic, m, operator);
        try {
            return uow.inTransaction(() -> {
                Object answer;
                try {
                    answer = ic.proceed();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new Checked(e);
                }
                int status = answer instanceof Response r ? r.getStatus() : 200;
                if (status >= 400) {
                    throw new RefusedAnswer(answer, status);
                }
                audit.record(succeeded(base, m, answer, status));
                return answer;
            });
        } catch (RefusedAnswer refused) {
            recordRefused(base, Map.of("status", refused.status));
            return refused.answer;
        } catch (DomainError e) {
            recordRefused(base, e);
            throw e;
        } catch (Checked e) {
            recordRefused(base, Map.of("error_code", "failed"));
            throw (Exception) e.getCause();
        } catch (RuntimeException e) {
            recordRefused(base, Map.of("error_code", e instanceof io.quarkus.security.ForbiddenException ? "forbidden"
                    : "failed"));
            throw e;
        }
    }

    private void recordRefused(AuditRecord base, DomainError e) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("error_code", e.code());
        d.put("error_message", e.getMessage());
        recordRefused(base, d);
    }

    private void recordRefused(AuditRecord base, Map<String, Object> more) {
        try {
            uow.inNewTransaction(() -> {
                audit.record(base.refused(more));
                return null;
            });
        } catch (RuntimeException e) {
            // the refusal itself is answered whatever happens here (a database outage answers 503 anyway)
            LOG.warnf("could not record the refused action %s: %s", base.action(), e.toString());
        }
    }

    private AuditRecord succeeded(AuditRecord base, Method m, Object answer, int status) {
        Audited a = m.getAnnotation(Audited.class);
        AuditRecord.Target target = base.target();
        if (a != null && a.id().startsWith("result.")) {
            target = new AuditRecord.Target(target.type(), path(entity(answer), a.id().substring(7)));
        }
        Map<String, Object> details = new LinkedHashMap<>(base.details());
        if (status != 200) {
            details.put("status", status);
        }
        if (status == 202) {
            String approval = path(entity(answer), "approval.id");
            if (approval != null) {
                details.put("approval_id", approval);
            }
        }
        return new AuditRecord(base.actor(), base.action(), target, AuditRecord.Outcome.SUCCEEDED, base.origin(),
                details);
    }

    private AuditRecord base(InvocationContext ic, Method m, OperatorContext operator) {
        Audited a = m.getAnnotation(Audited.class);
        String action = a != null && !a.action().isEmpty() ? a.action() : defaultAction(m);
        AuditRecord.Actor actor = actor(operator);
        Map<String, Object> details = new LinkedHashMap<>();
        Map<String, String> params = new LinkedHashMap<>();
        Object body = null;
        Annotation[][] annotations = m.getParameterAnnotations();
        Object[] args = ic.getParameters();
        for (int i = 0; i < args.length; i++) {
            String name = null;
            boolean bound = false;
            for (Annotation an : annotations[i]) {
                if (an instanceof PathParam p) {
                    name = p.value();
                    bound = true;
                } else if (an instanceof FormParam f) {
                    name = f.value();
                    bound = true;
                    if (!f.value().equals("csrf_token") && args[i] != null) {
                        details.put(f.value(), String.valueOf(args[i]));
                    }
                } else if (an instanceof QueryParam || an instanceof HeaderParam) {
                    bound = true;
                }
            }
            if (name != null && args[i] != null) {
                params.put(name, String.valueOf(args[i]));
            }
            if (!bound && args[i] != null) {
                body = args[i];
            }
        }
        Map<String, Object> bodyMap = null;
        if (body != null) {
            try {
                @SuppressWarnings("unchecked")
                Map<String, Object> converted = mapper.convertValue(body, Map.class);
                bodyMap = converted;
                details.putAll(converted);
            } catch (IllegalArgumentException notAnObject) {
                // a body that is not an object (a list, a string) is not copied into the details
            }
        }
        AuditRecord.Target target = AuditRecord.Target.none();
        if (a != null && !a.target().isEmpty()) {
            String id = null;
            if (a.id().startsWith("body.")) {
                id = bodyMap == null ? null : path(bodyMap, a.id().substring(5));
            } else if (!a.id().isEmpty() && !a.id().startsWith("result.")) {
                id = params.get(a.id());
            }
            if (id == null && a.target().equals("account") && actor.type() == AuditRecord.ActorType.MERCHANT) {
                id = actor.id(); // a merchant's own settings: its Team
            }
            target = new AuditRecord.Target(a.target(), id);
        }
        return new AuditRecord(actor, action, target, AuditRecord.Outcome.SUCCEEDED, origin(), details);
    }

    private AuditRecord.Actor actor(OperatorContext operator) {
        if (operator != null) {
            return new AuditRecord.Actor(AuditRecord.ActorType.OPERATOR, Long.toString(operator.id()),
                    operator.username());
        }
        MerchantContext merchant = CurrentMerchant.of(identity);
        if (merchant != null) {
            return new AuditRecord.Actor(AuditRecord.ActorType.MERCHANT, Long.toString(merchant.accountId()),
                    merchant.username());
        }
        return new AuditRecord.Actor(AuditRecord.ActorType.SYSTEM, null,
                identity == null || identity.isAnonymous() ? null : identity.getPrincipal().getName());
    }

    private AuditRecord.Origin origin() {
        try {
            HttpServerRequest req = current.getCurrent().request();
            String address = req.remoteAddress() == null ? null : req.remoteAddress().host();
            return new AuditRecord.Origin(EdgeGuard.requestId(req), address);
        } catch (RuntimeException outsideARequest) {
            return AuditRecord.Origin.none();
        }
    }

    private static String defaultAction(Method m) {
        String type = m.getDeclaringClass().getSimpleName().replace("Resource", "").replaceAll("_Subclass$", "");
        return Character.toLowerCase(type.charAt(0)) + type.substring(1) + "." + m.getName();
    }

    private Map<String, Object> entity(Object answer) {
        Object e = answer instanceof Response r ? r.getEntity() : answer;
        if (e == null) {
            return Map.of();
        }
        try {
            @SuppressWarnings("unchecked")
            Map<String, Object> m = e instanceof Map<?, ?> map ? (Map<String, Object>) map : mapper.convertValue(e, Map.class);
            return m;
        } catch (IllegalArgumentException notAnObject) {
            return Map.of();
        }
    }

    /** The value at a dotted path of nested maps, as text (null when absent). */
    private static String path(Map<?, ?> root, String dotted) {
        Object at = root;
        for (String part : dotted.split("\\.")) {
            if (!(at instanceof Map<?, ?> m)) {
                return null;
            }
            at = m.get(part);
        }
        return at == null ? null : String.valueOf(at);
    }
}
