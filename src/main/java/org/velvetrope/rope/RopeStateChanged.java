package org.velvetrope.rope;

/** Fired synchronously after a new snapshot of one event is in place; {@code view} is null when it was removed. */
public record RopeStateChanged(String slug, EventView view) {
}
