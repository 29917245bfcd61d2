package org.velvetrope.event;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import org.velvetrope.VelvetConfig;
import org.velvetrope.web.ProblemException;

/**
 * An event's life: {@code SCHEDULED → LIVE → REPLAY → VOD}, and {@code ENDED} from anywhere. Going to VOD needs
 * PR's standing approval of the event's exact VOD URL, and by default someone other than the approver to do it.
 */
@ApplicationScoped
public class Lifecycle {

    public static final Map<EventState, Set<EventState>> LEGAL = Map.of(
            EventState.SCHEDULED, EnumSet.of(EventState.LIVE, EventState.ENDED),
            EventState.LIVE, EnumSet.of(EventState.REPLAY, EventState.VOD, EventState.ENDED),
            EventState.REPLAY, EnumSet.of(EventState.VOD, EventState.ENDED),
            EventState.VOD, EnumSet.of(EventState.ENDED),
            EventState.ENDED, EnumSet.noneOf(EventState.class));

    @Inject
    Audit audit;

    @Inject
    Clock clock;

    @Inject
    VelvetConfig config;

    @Inject
    jakarta.enterprise.event.Event<EventChanged> changed;

    @Transactional
    public EventDefinition transition(String slug, EventState to, String reason, String actor) {
        if (to == null) {
            throw ProblemException.badRequest("to", "Say which state to go to: LIVE, REPLAY, VOD or ENDED.");
        }
        if (reason == null || reason.isBlank()) {
            throw ProblemException.badRequest("reason", "Say why: the reason goes into the audit trail.");
        }
        Event event = Event.<Event>find("slug", slug).withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional()
                .orElseThrow(() -> EventResource.noSuchEvent(slug));
        EventState from = event.state;
        if (!LEGAL.get(from).contains(to)) {
            String allowed = LEGAL.get(from).stream().map(Enum::name).collect(Collectors.joining(", "));
            throw ProblemException.conflict("Event '" + slug + "' is " + from + " and cannot go to " + to + "; from "
                    + from + " it can go to " + (allowed.isEmpty() ? "nothing" : allowed) + ".", null);
        }
        String detail = reason.strip();
        if (to == EventState.VOD) {
            if (event.vodUrl == null) {
                throw ProblemException.conflict("Event '" + slug + "' has no vodUrl: set it, have PR approve it, "
                        + "then switch.", null);
            }
            VodApproval approval = VodApproval.standingFor(event.id, event.vodUrl).orElseThrow(() -> ProblemException
                    .conflict("PR has not approved the VOD " + event.vodUrl + " (or the approval was voided).", null));
            if (config.vod().separateApprover() && approval.approvedBy.equals(actor)) {
                throw new ProblemException(403, "Forbidden", "You approved this VOD; someone else must switch to it.",
                        null, null, null);
            }
            detail = detail + " (VOD " + event.vodUrl + " approved by " + approval.approvedBy + " at "
                    + approval.approvedAt + ")";
        }
        event.state = to;
        event.updatedAt = Instant.now(clock);
        event.updatedBy = actor;
        audit.record(slug, null, actor, false, "STATE", from.name(), to.name(), detail);
        changed.fire(new EventChanged(event.id, slug, actor,
                event.renditions.stream().collect(Collectors.toMap(r -> r.code, r -> r.bandwidth))));
        return EventService.toDefinition(event);
    }

    @Transactional
    public VodApproval approve(String slug, String vodUrl, String note, String actor) {
        Event event = Event.findBySlug(slug).orElseThrow(() -> EventResource.noSuchEvent(slug));
        if (vodUrl == null || !EventValidator.isHttpUrl(vodUrl)) {
            throw ProblemException.badRequest("vodUrl", "vodUrl must be the absolute http(s) URL of the VOD playlist.");
        }
        if (event.state == EventState.VOD || event.state == EventState.ENDED) {
            throw ProblemException.conflict("Event '" + slug + "' is already " + event.state + ".", null);
        }
        if (!vodUrl.equals(event.vodUrl)) {
            throw ProblemException.conflict("The event's VOD URL is " + (event.vodUrl == null ? "not set"
                    : event.vodUrl) + "; approve exactly that URL (ops set it on the event).", null);
        }
        VodApproval approval = new VodApproval();
        approval.eventId = event.id;
        approval.vodUrl = vodUrl;
        approval.note = note == null || note.isBlank() ? null : note.strip();
        approval.approvedBy = actor;
        approval.approvedAt = Instant.now(clock);
        approval.persist();
        audit.record(slug, null, actor, false, "VOD_APPROVED", null, vodUrl, approval.note == null ? "approved"
                : approval.note);
        return approval;
    }

    public List<VodApproval> approvals(String slug) {
        Event event = Event.findBySlug(slug).orElseThrow(() -> EventResource.noSuchEvent(slug));
        return VodApproval.allFor(event.id);
    }
}
