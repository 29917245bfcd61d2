package org.velvetrope.event;

import java.time.Instant;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** An event as the admin API reads and writes it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EventDefinition(
        @NotBlank(message = "slug is required")
        @Pattern(regexp = "[a-z0-9][a-z0-9-]{0,62}", message = "slug must be 1-63 lower-case letters, digits or dashes") String slug,
        @NotBlank(message = "title is required") @Size(max = 200, message = "title must be at most 200 characters") String title,
        EventState state,
        @NotNull(message = "budgetMbps is required") @Positive(message = "budgetMbps must be positive") Long budgetMbps,
        @Pattern(regexp = "standard|lite", message = "template must be one of: standard, lite") String template,
        @Size(max = 1000, message = "originBase must be at most 1000 characters") String originBase,
        @NotEmpty(message = "renditions must list at least one rendition") @Size(max = 32, message = "at most 32 renditions") List<@Valid @NotNull(message = "a rendition cannot be null") RenditionDefinition> renditions,
        @NotEmpty(message = "regions must list at least one region") @Size(max = 64, message = "at most 64 regions") List<@Valid @NotNull(message = "a region cannot be null") RegionDefinition> regions,
        @Size(max = 256, message = "at most 256 internal networks") List<String> internalNetworks,
        @Valid MulticastDefinition multicast,
        @Valid RulesDefinition rules,
        @Min(value = 1, message = "pollInterval must be 1-300 seconds") @Max(value = 300, message = "pollInterval must be 1-300 seconds") Integer pollInterval,
        @Size(max = 256, message = "at most 256 edges") List<@Valid @NotNull(message = "an edge cannot be null") EdgeDefinition> edges,
        Instant startsAt,
        @Size(max = 1000, message = "replayBase must be at most 1000 characters") String replayBase,
        Boolean replayRope,
        @Size(max = 1000, message = "backupOriginBase must be at most 1000 characters") String backupOriginBase,
        @Size(max = 1000, message = "vodUrl must be at most 1000 characters") String vodUrl,
        Instant updatedAt,
        String updatedBy) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RenditionDefinition(
            @NotBlank(message = "id is required")
            @Pattern(regexp = "[A-Za-z0-9_-]{1,32}", message = "id must be 1-32 letters, digits, '_' or '-'") String id,
            @NotNull(message = "bandwidth is required") @Positive(message = "bandwidth must be positive (bits/s)") Long bandwidth,
            @Positive(message = "averageBandwidth must be positive (bits/s)") Long averageBandwidth,
            @Size(max = 200, message = "codecs must be at most 200 characters")
            @Pattern(regexp = "[A-Za-z0-9.,_ -]*", message = "codecs must be an RFC 6381 list like avc1.4d401f,mp4a.40.2") String codecs,
            @Pattern(regexp = "[1-9][0-9]{0,4}x[1-9][0-9]{0,4}", message = "resolution must look like 1280x720") String resolution,
            @Positive(message = "frameRate must be positive") Double frameRate,
            Boolean audioOnly,
            @NotBlank(message = "uri is required") @Size(max = 1000, message = "uri must be at most 1000 characters") String uri) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RegionDefinition(
            @NotBlank(message = "code is required")
            @Pattern(regexp = "[A-Z0-9_-]{1,32}", message = "code must be 1-32 upper-case letters, digits, '_' or '-'") String code,
            List<String> countries,
            List<String> continents,
            @NotNull(message = "capacityMbps is required") @Positive(message = "capacityMbps must be positive") Long capacityMbps,
            @JsonProperty("default") Boolean isDefault,
            @Pattern(regexp = "standard|lite", message = "template must be one of: standard, lite") String template,
            @Size(max = 500, message = "notice must be at most 500 characters") String notice,
            @Valid RulesDefinition rules) {
    }

    /**
     * Automatic-rule settings: on the event the defaults, on a region its overrides. Times in seconds; floor and
     * ceiling are rendition ids bounding every automatic step.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record RulesDefinition(
            @DecimalMin(value = "0.05", message = "clampAt must be between 0.05 and 2") @DecimalMax(value = "2", message = "clampAt must be between 0.05 and 2") Double clampAt,
            @DecimalMin(value = "0", message = "restoreAt must be between 0 and 2") @DecimalMax(value = "2", message = "restoreAt must be between 0 and 2") Double restoreAt,
            @Min(value = 1, message = "hold must be 1-86400 seconds") @Max(value = 86400, message = "hold must be 1-86400 seconds") Integer hold,
            @Min(value = 1, message = "cooldown must be 1-86400 seconds") @Max(value = 86400, message = "cooldown must be 1-86400 seconds") Integer cooldown,
            @Min(value = 0, message = "lead must be 0-3600 seconds") @Max(value = 3600, message = "lead must be 0-3600 seconds") Integer lead,
            @Min(value = 1, message = "staleAfter must be 1-3600 seconds") @Max(value = 3600, message = "staleAfter must be 1-3600 seconds") Integer staleAfter,
            String floor,
            String ceiling) {
    }

    /** An edge stat endpoint: polled for {@code tx_bandwidth}, counted as {@code source} in {@code region}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record EdgeDefinition(
            @NotBlank(message = "url is required") @Size(max = 1000, message = "url must be at most 1000 characters") String url,
            @NotBlank(message = "region is required") String region,
            @NotBlank(message = "source is required")
            @Pattern(regexp = "[A-Za-z0-9._:-]{1,100}", message = "source must be 1-100 letters, digits or . _ : -") String source) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record MulticastDefinition(
            @NotBlank(message = "group is required") String group,
            @NotNull(message = "port is required") @Min(value = 1, message = "port must be 1-65535") @Max(value = 65535, message = "port must be 1-65535") Integer port,
            @Min(value = 1, message = "ttl must be 1-255") @Max(value = 255, message = "ttl must be 1-255") Integer ttl,
            String source) {
    }
}
