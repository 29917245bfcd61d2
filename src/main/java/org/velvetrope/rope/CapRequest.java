package org.velvetrope.rope;

import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * An operator's change to a region's cap: a new top (rendition id), pin or not, hard or soft, why, and the version
 * the operator saw. Absent fields keep their value.
 */
public record CapRequest(
        @Size(max = 32, message = "top must be a rendition id") String top,
        Boolean pin,
        Boolean hard,
        @Size(max = 500, message = "reason must be at most 500 characters") String reason,
        @PositiveOrZero(message = "version must be the region's version as last read") Long version) {
}
