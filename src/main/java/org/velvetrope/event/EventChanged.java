package org.velvetrope.event;

import java.util.Map;

/**
 * Fired inside the transaction that created or changed an event. {@code previousLadder} maps the old rendition
 * ids to their bandwidth (empty for a new event), so caps can be carried over to the new ladder.
 */
public record EventChanged(long eventId, String slug, String actor, Map<String, Long> previousLadder) {
}
