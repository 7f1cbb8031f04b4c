package io.mizani.adapter.rest.audit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.mizani.domain.operator.OperatorPermission;

/**
 * What an operator action needs (the grant table is {@link io.mizani.domain.operator.OperatorRole}). Without it a
 * GET needs {@code READ} and any other method {@code ADMIN}: an action nobody classified is the admin's.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Needs {

    OperatorPermission value();
}
