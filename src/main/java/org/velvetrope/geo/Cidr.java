package org.velvetrope.geo;

import java.net.InetAddress;
import java.util.Optional;

/** An IPv4 or IPv6 network in CIDR notation, matched without allocation. */
public final class Cidr {

    private final byte[] network;
    private final int prefix;
    private final String text;

    private Cidr(byte[] network, int prefix, String text) {
        this.network = network;
        this.prefix = prefix;
        this.text = text;
    }

    /** Parses {@code 10.0.0.0/8} or {@code fd00::/8}; empty when the text is not a network. */
    public static Optional<Cidr> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String trimmed = text.trim();
        int slash = trimmed.indexOf('/');
        if (slash <= 0 || slash == trimmed.length() - 1) {
            return Optional.empty();
        }
        Optional<InetAddress> address = IpLiteral.parse(trimmed.substring(0, slash));
        if (address.isEmpty()) {
            return Optional.empty();
        }
        int prefix;
        try {
            prefix = Integer.parseInt(trimmed.substring(slash + 1));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        byte[] bytes = address.get().getAddress();
        if (prefix < 0 || prefix > bytes.length * 8) {
            return Optional.empty();
        }
        byte[] masked = bytes.clone();
        for (int bit = prefix; bit < masked.length * 8; bit++) {
            masked[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
        }
        return Optional.of(new Cidr(masked, prefix, trimmed));
    }

    public boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int full = prefix / 8;
        for (int i = 0; i < full; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int rest = prefix % 8;
        if (rest == 0) {
            return true;
        }
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (address[full] & mask) == (network[full] & mask);
    }

    @Override
    public String toString() {
        return text;
    }
}
