package io.mizani.domain.beneficiary;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** The input fields a merchant may send on create and update, by their exact contract names. */
public enum Field implements WireName {
    NAME("name"), FIRST_NAME("first_name"), LAST_NAME("last_name"), SURNAME("surname"), EMAIL("email"),
    COUNTRY("country"), PHONE("phone"), ADDRESS("address"), DATE_OF_BIRTH("date_of_birth"),
    ID_NUMBER("id_number"), ID_TYPE("id_type"), ADDITIONAL_ID_TYPE("additional_id_type"),
    ADDITIONAL_ID_NUMBER("additional_id_number"), GENDER("gender"), MARITAL_STATUS("marital_status"),
    ACCOUNT_NAME("account_name"), ACCOUNT_NUMBER("account_number"), ACCOUNT_TYPE("account_type"),
    EXTERNAL_REFERENCE("external_reference"), CUSTOMER_TYPE("customer_type");

    private final String wire;

    Field(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<Field> fromWire(String name) {
        return WireName.find(Field.class, name);
    }
}
