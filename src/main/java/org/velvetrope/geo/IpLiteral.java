package org.velvetrope.geo;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/** IP address literals only: never a name lookup, so a bad input cannot make the service wait on DNS. */
public final class IpLiteral {

    private static final Pattern IPV6 = Pattern.compile("\\[?[0-9A-Fa-f:.]+(%[0-9A-Za-z]+)?]?");

    private IpLiteral() {
    }

    public static Optional<InetAddress> parse(String text) {
        if (text == null || text.isEmpty() || text.length() > 64) {
            return Optional.empty();
        }
        boolean v6 = text.indexOf(':') >= 0;
        if (!v6) {
            byte[] four = dottedQuad(text);
            if (four == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(InetAddress.getByAddress(four));
            } catch (UnknownHostException e) {
                return Optional.empty();
            }
        }
        if (!IPV6.matcher(text).matches()) {
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

    /** Four decimal parts 0-255 without leading zeros, or null: the viewer path's common case, without a regex. */
    static byte[] dottedQuad(String text) {
        byte[] out = new byte[4];
        int part = 0;
        int value = -1;
        int digits = 0;
        for (int i = 0; i <= text.length(); i++) {
            char c = i == text.length() ? '.' : text.charAt(i);
            if (c == '.') {
                if (value < 0 || part > 3) {
                    return null;
                }
                out[part++] = (byte) value;
                value = -1;
                digits = 0;
            } else if (c >= '0' && c <= '9') {
                if (digits > 0 && value == 0) {
                    return null;
                }
                value = (value < 0 ? 0 : value * 10) + (c - '0');
                if (++digits > 3 || value > 255) {
                    return null;
                }
            } else {
                return null;
            }
        }
        return part == 4 ? out : null;
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
