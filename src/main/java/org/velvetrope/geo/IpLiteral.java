package org.velvetrope.geo;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/** IP address literals only: never a name lookup, so a bad input cannot make the service wait on DNS. */
public final class IpLiteral {

    private static final Pattern IPV4 = Pattern
            .compile("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
    private static final Pattern IPV6 = Pattern.compile("\\[?[0-9A-Fa-f:.]+(%[0-9A-Za-z]+)?]?");

    private IpLiteral() {
    }

    public static Optional<InetAddress> parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 64) {
            return Optional.empty();
        }
        boolean v6 = text.indexOf(':') >= 0;
        if (!(v6 ? IPV6.matcher(text).matches() : IPV4.matcher(text).matches())) {
            return Optional.empty();
        }
        try {
            InetAddress address = InetAddress.getByName(text);
            if (address instanceof Inet6Address six && isV4Mapped(six.getAddress())) {
                return Optional.of(InetAddress.getByAddress(java.util.Arrays.copyOfRange(six.getAddress(), 12, 16)));
            }
            return Optional.of(address);
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static boolean isV4Mapped(byte[] b) {
        for (int i = 0; i < 10; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return b[10] == (byte) 0xFF && b[11] == (byte) 0xFF;
    }
}
