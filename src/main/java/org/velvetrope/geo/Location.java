package org.velvetrope.geo;

/** Where an address is, as far as the GeoIP database knows: ISO country and continent codes, either may be null. */
public record Location(String country, String continent) {

    public static final Location UNKNOWN = new Location(null, null);

    public boolean known() {
        return country != null || continent != null;
    }
}
