package org.velvetrope.event;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.velvetrope.event.EventDefinition.RegionDefinition;
import org.velvetrope.event.EventDefinition.RenditionDefinition;
import org.velvetrope.geo.Cidr;
import org.velvetrope.geo.IpLiteral;
import org.velvetrope.web.Problem.FieldError;
import org.velvetrope.web.ProblemException;

/** The rules an event must keep that single-field annotations cannot say. */
final class EventValidator {

    static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());
    /** Continent codes as the GeoIP databases use them. */
    static final Set<String> CONTINENTS = Set.of("AF", "AN", "AS", "EU", "NA", "OC", "SA");
    /** The region name internal-network viewers get; no event region may take it. */
    public static final String INTERNAL = "INTERNAL";

    private EventValidator() {
    }

    /** {@code defaults} are the configured thresholds every event inherits. */
    static void check(EventDefinition def, EventDefinition.RulesDefinition defaults) {
        List<FieldError> errors = new ArrayList<>();
        checkLadder(def.renditions(), errors);
        checkRegions(def.regions(), errors);
        checkOrigin(def, errors);
        Set<String> rungs = new HashSet<>();
        def.renditions().forEach(r -> rungs.add(r.id()));
        EventDefinition.RulesDefinition eventRules = inherit(def.rules(), defaults);
        checkRules("rules", def.rules(), defaults, def, errors);
        for (int i = 0; i < def.regions().size(); i++) {
            checkRules("regions[" + i + "].rules", def.regions().get(i).rules(), eventRules, def, errors);
        }
        checkEdges(def, errors);
        List<String> networks = def.internalNetworks() == null ? List.of() : def.internalNetworks();
        for (int i = 0; i < networks.size(); i++) {
            if (Cidr.parse(networks.get(i)).isEmpty()) {
                errors.add(new FieldError("internalNetworks[" + i + "]",
                        "'" + networks.get(i) + "' is not a network in CIDR notation like 10.0.0.0/8 or fd00::/8"));
            }
        }
        if (def.multicast() != null && def.multicast().group() != null) {
            Optional<InetAddress> group = IpLiteral.parse(def.multicast().group());
            if (group.isEmpty() || !group.get().isMulticastAddress()) {
                errors.add(new FieldError("multicast.group",
                        "'" + def.multicast().group() + "' is not a multicast address (224.0.0.0/4 or ff00::/8)"));
            }
            String source = def.multicast().source();
            if (source != null && !source.isBlank()) {
                Optional<InetAddress> src = IpLiteral.parse(source);
                if (src.isEmpty() || src.get().isMulticastAddress() || group.isPresent()
                        && (src.get() instanceof Inet4Address) != (group.get() instanceof Inet4Address)) {
                    errors.add(new FieldError("multicast.source",
                            "'" + source + "' must be a unicast address of the same family as the group"));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid(errors);
        }
    }

    /** {@code own} with each absent setting taken from {@code parent}. */
    static EventDefinition.RulesDefinition inherit(EventDefinition.RulesDefinition own,
            EventDefinition.RulesDefinition parent) {
        if (own == null) {
            return parent;
        }
        if (parent == null) {
            return own;
        }
        return new EventDefinition.RulesDefinition(or(own.clampAt(), parent.clampAt()),
                or(own.restoreAt(), parent.restoreAt()), or(own.hold(), parent.hold()),
                or(own.cooldown(), parent.cooldown()), or(own.lead(), parent.lead()),
                or(own.staleAfter(), parent.staleAfter()), or(own.floor(), parent.floor()),
                or(own.ceiling(), parent.ceiling()));
    }

    private static <T> T or(T a, T b) {
        return a != null ? a : b;
    }

    private static void checkRules(String at, EventDefinition.RulesDefinition rules,
            EventDefinition.RulesDefinition inherited, EventDefinition def, List<FieldError> errors) {
        if (rules == null) {
            return;
        }
        Double clampAt = rules.clampAt() != null ? rules.clampAt() : inherited != null ? inherited.clampAt() : null;
        Double restoreAt = rules.restoreAt() != null ? rules.restoreAt()
                : inherited != null ? inherited.restoreAt() : null;
        if (clampAt != null && restoreAt != null && restoreAt >= clampAt) {
            errors.add(new FieldError(at + (rules.restoreAt() != null ? ".restoreAt" : ".clampAt"),
                    "restoreAt (" + restoreAt + ") must be below clampAt (" + clampAt + "), or the region would flap"));
        }
        Long floor = bandwidthOf(def, rules.floor() != null ? rules.floor() : inherited == null ? null : inherited.floor());
        Long ceiling = bandwidthOf(def,
                rules.ceiling() != null ? rules.ceiling() : inherited == null ? null : inherited.ceiling());
        if (rules.floor() != null && floor == null) {
            errors.add(new FieldError(at + ".floor", "floor '" + rules.floor() + "' is not a rendition of this event"));
        }
        if (rules.ceiling() != null && ceiling == null) {
            errors.add(new FieldError(at + ".ceiling",
                    "ceiling '" + rules.ceiling() + "' is not a rendition of this event"));
        }
        if (floor != null && ceiling != null && floor > ceiling) {
            errors.add(new FieldError(at + ".floor", "floor must not be above ceiling"));
        }
    }

    private static Long bandwidthOf(EventDefinition def, String id) {
        if (id == null) {
            return null;
        }
        return def.renditions().stream().filter(r -> id.equals(r.id())).map(RenditionDefinition::bandwidth)
                .findFirst().orElse(null);
    }

    private static void checkEdges(EventDefinition def, List<FieldError> errors) {
        if (def.edges() == null) {
            return;
        }
        Set<String> regions = new HashSet<>();
        def.regions().forEach(r -> regions.add(r.code()));
        Set<String> sources = new HashSet<>();
        for (int i = 0; i < def.edges().size(); i++) {
            EventDefinition.EdgeDefinition edge = def.edges().get(i);
            String at = "edges[" + i + "]";
            if (edge.url() != null && !isHttpUrl(edge.url())) {
                errors.add(new FieldError(at + ".url", "url must be an absolute http(s) URL"));
            }
            if (edge.region() != null && !regions.contains(edge.region())) {
                errors.add(new FieldError(at + ".region", "'" + edge.region() + "' is not a region of this event"));
            }
            if (edge.source() != null && !sources.add(edge.region() + "/" + edge.source())) {
                errors.add(new FieldError(at + ".source",
                        "source '" + edge.source() + "' is listed twice for region " + edge.region()));
            }
        }
    }

    private static void checkLadder(List<RenditionDefinition> renditions, List<FieldError> errors) {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < renditions.size(); i++) {
            RenditionDefinition r = renditions.get(i);
            if (r.id() != null && !ids.add(r.id())) {
                errors.add(new FieldError("renditions[" + i + "].id", "rendition id '" + r.id() + "' is used twice"));
            }
            if (r.averageBandwidth() != null && r.bandwidth() != null && r.averageBandwidth() > r.bandwidth()) {
                errors.add(new FieldError("renditions[" + i + "].averageBandwidth",
                        "averageBandwidth cannot exceed bandwidth (the peak)"));
            }
            if (Boolean.TRUE.equals(r.audioOnly()) && r.resolution() != null) {
                errors.add(new FieldError("renditions[" + i + "].resolution",
                        "an audio-only rendition has no resolution"));
            }
        }
    }

    private static void checkRegions(List<RegionDefinition> regions, List<FieldError> errors) {
        Set<String> codes = new HashSet<>();
        Map<String, String> countryOwner = new HashMap<>();
        Map<String, String> continentOwner = new HashMap<>();
        List<Integer> defaults = new ArrayList<>();
        for (int i = 0; i < regions.size(); i++) {
            RegionDefinition r = regions.get(i);
            String at = "regions[" + i + "]";
            if (r.code() != null) {
                if (INTERNAL.equals(r.code())) {
                    errors.add(new FieldError(at + ".code", "INTERNAL is reserved for the internal networks"));
                } else if (!codes.add(r.code())) {
                    errors.add(new FieldError(at + ".code", "region code '" + r.code() + "' is used twice"));
                }
            }
            if (Boolean.TRUE.equals(r.isDefault())) {
                defaults.add(i);
            }
            List<String> countries = r.countries() == null ? List.of() : r.countries();
            for (int c = 0; c < countries.size(); c++) {
                String code = upper(countries.get(c));
                if (code == null || !COUNTRIES.contains(code)) {
                    errors.add(new FieldError(at + ".countries[" + c + "]",
                            "'" + code + "' is not an ISO 3166 alpha-2 country code (upper case, e.g. US)"));
                } else if (countryOwner.putIfAbsent(code, r.code()) != null) {
                    errors.add(new FieldError(at + ".countries[" + c + "]",
                            "country " + code + " already belongs to region " + countryOwner.get(code)));
                }
            }
            List<String> continents = r.continents() == null ? List.of() : r.continents();
            for (int c = 0; c < continents.size(); c++) {
                String code = upper(continents.get(c));
                if (code == null || !CONTINENTS.contains(code)) {
                    errors.add(new FieldError(at + ".continents[" + c + "]",
                            "'" + code + "' is not a continent code (AF, AN, AS, EU, NA, OC, SA)"));
                } else if (continentOwner.putIfAbsent(code, r.code()) != null) {
                    errors.add(new FieldError(at + ".continents[" + c + "]",
                            "continent " + code + " already belongs to region " + continentOwner.get(code)));
                }
            }
        }
        if (defaults.isEmpty()) {
            errors.add(new FieldError("regions", "exactly one region must be the default (\"default\": true)"));
        } else if (defaults.size() > 1) {
            errors.add(new FieldError("regions[" + defaults.get(1) + "].default",
                    "exactly one region may be the default; " + regions.get(defaults.get(0)).code() + " already is"));
        }
    }

    private static void checkOrigin(EventDefinition def, List<FieldError> errors) {
        boolean hasBase = def.originBase() != null && !def.originBase().isBlank();
        if (hasBase && !isHttpUrl(def.originBase())) {
            errors.add(new FieldError("originBase", "originBase must be an absolute http(s) URL"));
        }
        for (String[] url : new String[][] { { "replayBase", def.replayBase() },
                { "backupOriginBase", def.backupOriginBase() }, { "vodUrl", def.vodUrl() } }) {
            if (url[1] != null && !url[1].isBlank() && !isHttpUrl(url[1])) {
                errors.add(new FieldError(url[0], url[0] + " must be an absolute http(s) URL"));
            }
        }
        for (int i = 0; i < def.renditions().size(); i++) {
            String uri = def.renditions().get(i).uri();
            if (uri == null || uri.isBlank()) {
                continue;
            }
            String field = "renditions[" + i + "].uri";
            if (uri.chars().anyMatch(ch -> ch <= ' ' || ch == '"' || ch == 0x7f)) {
                errors.add(new FieldError(field, "uri must not contain spaces, quotes or control characters"));
                continue;
            }
            URI parsed;
            try {
                parsed = new URI(uri);
            } catch (URISyntaxException e) {
                errors.add(new FieldError(field, "'" + uri + "' is not a valid URI"));
                continue;
            }
            if (parsed.isAbsolute()) {
                if (!isHttpUrl(uri)) {
                    errors.add(new FieldError(field, "an absolute uri must be http or https"));
                }
            } else if (!uri.startsWith("/") && !hasBase) {
                errors.add(new FieldError(field,
                        "a relative uri needs originBase (or start it with '/' for a path on this server's host)"));
            }
        }
    }

    /** Codes are compared in upper case, as the GeoIP databases write them. */
    static String upper(String code) {
        return code == null ? null : code.strip().toUpperCase(Locale.ROOT);
    }

    static boolean isHttpUrl(String text) {
        try {
            URI u = new URI(text);
            return u.isAbsolute() && ("http".equals(u.getScheme()) || "https".equals(u.getScheme()))
                    && u.getHost() != null;
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
