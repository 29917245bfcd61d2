package org.velvetrope.rope;

import java.time.Clock;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.velvetrope.traffic.TrafficBook;

/** Puts together what ops see of a region: cap from the snapshot, load now, forecast from the last tick. */
@ApplicationScoped
public class RegionStates {

    @Inject
    TrafficBook book;

    @Inject
    RulesLoop loop;

    @Inject
    Clock clock;

    public RegionState of(EventView event, RegionView region) {
        return RegionState.of(event, region,
                book.load(event.slug(), region.code(), clock.instant(), region.rules().staleAfter()),
                loop.outlook(event.slug(), region.code()));
    }
}
