package org.velvetrope.rope;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** The immutable snapshot every admission reads: event → regions → top. Swapped whole after every change. */
public final class RopeState {

    public static final RopeState EMPTY = new RopeState(Map.of());

    private final Map<String, EventView> events;

    private RopeState(Map<String, EventView> events) {
        this.events = events;
    }

    public EventView event(String slug) {
        return events.get(slug);
    }

    public Collection<EventView> events() {
        return events.values();
    }

    RopeState with(EventView view) {
        Map<String, EventView> next = new HashMap<>(events);
        next.put(view.slug(), view);
        return new RopeState(Map.copyOf(next));
    }

    RopeState without(String slug) {
        Map<String, EventView> next = new HashMap<>(events);
        next.remove(slug);
        return new RopeState(Map.copyOf(next));
    }
}
