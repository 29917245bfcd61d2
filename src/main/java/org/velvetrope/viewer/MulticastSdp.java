package org.velvetrope.viewer;

import java.net.Inet6Address;
import java.net.InetAddress;

import org.velvetrope.geo.IpLiteral;
import org.velvetrope.rope.EventView;

/** Writes the RFC 8866 session description of an event's multicast stream (MPEG-TS over RTP). */
public final class MulticastSdp {

    public static final String MEDIA_TYPE = "application/sdp";
    static final int MP2T_PAYLOAD = 33;

    private MulticastSdp() {
    }

    public static String describe(EventView event) {
        EventView.Multicast m = event.multicast();
        InetAddress group = IpLiteral.parse(m.group()).orElseThrow();
        boolean v6 = group instanceof Inet6Address;
        String family = v6 ? "IP6" : "IP4";
        String origin = m.source() != null ? m.source() : v6 ? "::1" : "127.0.0.1";
        String crlf = "\r\n";
        StringBuilder sb = new StringBuilder(256);
        sb.append("v=0").append(crlf);
        sb.append("o=- ").append(event.id()).append(' ').append(event.generation()).append(" IN ").append(family)
                .append(' ').append(origin).append(crlf);
        sb.append("s=").append(oneLine(event.title())).append(crlf);
        sb.append("i=Multicast feed of ").append(event.slug()).append(" for internal networks").append(crlf);
        sb.append("c=IN ").append(family).append(' ').append(m.group());
        if (!v6) {
            sb.append('/').append(m.ttl());
        }
        sb.append(crlf);
        sb.append("t=0 0").append(crlf);
        sb.append("a=recvonly").append(crlf);
        if (m.source() != null) {
            sb.append("a=source-filter: incl IN ").append(family).append(' ').append(m.group()).append(' ')
                    .append(m.source()).append(crlf);
        }
        sb.append("m=video ").append(m.port()).append(" RTP/AVP ").append(MP2T_PAYLOAD).append(crlf);
        sb.append("a=rtpmap:").append(MP2T_PAYLOAD).append(" MP2T/90000").append(crlf);
        return sb.toString();
    }

    private static String oneLine(String text) {
        String clean = text.replaceAll("[\\r\\n\\x00]+", " ").strip();
        return clean.isEmpty() ? "-" : clean;
    }
}
