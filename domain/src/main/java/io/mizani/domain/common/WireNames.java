package io.mizani.domain.common;

import java.util.HashMap;
import java.util.Map;

/** {@link WireName#find}'s index: each type's members by wire name, built once per type. */
final class WireNames {

    /** A member without a wire name (null: a start state never stored or sent) is not found by name. */
    static final ClassValue<Map<String, Object>> BY_WIRE = new ClassValue<>() {
        @Override
        protected Map<String, Object> computeValue(Class<?> type) {
            Map<String, Object> byWire = new HashMap<>();
            for (Object member : type.getEnumConstants()) {
                String wire = ((WireName) member).wire();
                if (wire != null && byWire.putIfAbsent(wire, member) != null) {
                    throw new IllegalStateException(type.getName() + " spells two members " + wire);
                }
            }
            return Map.copyOf(byWire);
        }
    };

    private WireNames() {
    }
}
