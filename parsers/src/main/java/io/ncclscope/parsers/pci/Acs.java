package io.ncclscope.parsers.pci;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Access Control Services capability of {@code lspci -vvv}: {@code ACSCap:} and {@code ACSCtl:}
 * flags ({@code SrcValid+ TransBlk- ReqRedir+ ...}) by name, in printed order. ACS redirection on a
 * bridge forces peer-to-peer traffic up to the root complex, a classic cause of slow GPU P2P and GDR.
 *
 * @param capability the {@code ACSCap:} flags; empty when that line is absent
 * @param control    the {@code ACSCtl:} flags (what is enabled); empty when that line is absent
 * @param line       1-based line of {@code ACSCtl:} (or of {@code ACSCap:} when no control line was seen)
 */
public record Acs(Map<String, Boolean> capability, Map<String, Boolean> control, int line) {

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param capability the {@code ACSCap:} flags; empty when that line is absent
     * @param control    the {@code ACSCtl:} flags (what is enabled); empty when that line is absent
     * @param line       1-based line of {@code ACSCtl:} (or of {@code ACSCap:} when no control line was seen)
     */
    public Acs {
        capability = Collections.unmodifiableMap(new LinkedHashMap<>(capability));
        control = Collections.unmodifiableMap(new LinkedHashMap<>(control));
    }

    /** {@return true when {@code ACSCtl:} enables request or completion redirection ({@code ReqRedir+}, {@code CmpltRedir+})} */
    public boolean redirectsPeerToPeer() {
        return Boolean.TRUE.equals(control.get("ReqRedir")) || Boolean.TRUE.equals(control.get("CmpltRedir"));
    }
}
