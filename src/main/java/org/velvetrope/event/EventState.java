package org.velvetrope.event;

/** Where a webcast is in its life. */
public enum EventState {
    SCHEDULED, LIVE, REPLAY, VOD, ENDED
}
