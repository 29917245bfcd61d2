package org.velvetrope.event;

import java.util.Arrays;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A named part of an event's audience, matched by country or continent, with a capacity. */
@Entity
@Table(name = "region")
public class Region extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "event_id")
    public Event event;

    @Column(nullable = false)
    public int position;

    @Column(nullable = false)
    public String code;

    /** ISO 3166 alpha-2 codes, comma separated. */
    public String countries;

    /** GeoIP continent codes, comma separated. */
    public String continents;

    @Column(name = "capacity_mbps", nullable = false)
    public long capacityMbps;

    @Column(name = "is_default", nullable = false)
    public boolean isDefault;

    /** Landing page template for this region; the event's when null. */
    public String template;

    /** A line shown to this region's viewers, e.g. why the picture is capped. */
    public String notice;

    @Embedded
    public RuleSettings rules = new RuleSettings();

    public List<String> countryList() {
        return split(countries);
    }

    public List<String> continentList() {
        return split(continents);
    }

    static List<String> split(String csv) {
        return csv == null || csv.isBlank() ? List.of() : Arrays.stream(csv.split(",")).map(String::trim).toList();
    }

    static String join(List<String> codes) {
        return codes == null || codes.isEmpty() ? null : String.join(",", codes);
    }
}
