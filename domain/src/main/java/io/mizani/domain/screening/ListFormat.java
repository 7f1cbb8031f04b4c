package io.mizani.domain.screening;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** The file formats a screening list is loaded from (platform.md section 20). */
public enum ListFormat implements WireName {
    /** The US Treasury's SDN list, XML ({@code sdnList/sdnEntry}). */
    OFAC_SDN_XML("ofac_sdn_xml"),
    /** The UN Security Council's consolidated list, XML ({@code CONSOLIDATED_LIST/INDIVIDUALS|ENTITIES}). */
    UN_CONSOLIDATED_XML("un_consolidated_xml"),
    /** The documented CSV: {@code entry_id,type,name,aliases,birth_year,countries}. */
    CSV("csv");

    private final String wire;

    ListFormat(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<ListFormat> fromWire(String value) {
        return WireName.find(ListFormat.class, value);
    }
}
