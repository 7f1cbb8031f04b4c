package io.mizani.adapter.rest.audit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;

/**
 * An operator or merchant action that is checked against the operator's role and written to the audit log
 * ({@link AuditedInterceptor}). On a class: every method (reads are only role-checked); on a method: that action.
 * {@code action} names it ({@code balance.adjust}); {@code target} is the type of what it acts on and
 * {@code id} where its id comes from: a path parameter's name, {@code body.<field>} or {@code result.<path>}.
 */
@InterceptorBinding
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Audited {

    @Nonbinding
    String action() default "";

    @Nonbinding
    String target() default "";

    @Nonbinding
    String id() default "";
}
