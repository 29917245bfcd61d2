package org.velvetrope.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CidrTest {

    private static byte[] ip(String text) {
        return IpLiteral.parse(text).orElseThrow().getAddress();
    }

    @Test
    void matchesAddressesInsideAnIpv4Network() {
        Cidr net = Cidr.parse("10.0.0.0/8").orElseThrow();
        assertTrue(net.contains(ip("10.1.2.3")));
        assertTrue(net.contains(ip("10.255.255.255")));
        assertFalse(net.contains(ip("11.0.0.0")));
        assertFalse(net.contains(ip("9.255.255.255")));
    }

    @Test
    void matchesPrefixesThatDoNotEndOnAByte() {
        Cidr net = Cidr.parse("192.168.16.0/20").orElseThrow();
        assertTrue(net.contains(ip("192.168.31.200")));
        assertFalse(net.contains(ip("192.168.32.1")));
        Cidr host = Cidr.parse("203.0.113.7/32").orElseThrow();
        assertTrue(host.contains(ip("203.0.113.7")));
        assertFalse(host.contains(ip("203.0.113.8")));
    }

    @Test
    void matchesIpv6NetworksAndNeverMixesFamilies() {
        Cidr net = Cidr.parse("fd00::/8").orElseThrow();
        assertTrue(net.contains(ip("fd00::1")));
        assertTrue(net.contains(ip("fdff:ffff::1")));
        assertFalse(net.contains(ip("fe80::1")));
        assertFalse(net.contains(ip("10.0.0.1")));
        assertFalse(Cidr.parse("10.0.0.0/8").orElseThrow().contains(ip("fd00::1")));
    }

    @Test
    void normalisesHostBitsOfTheNetwork() {
        assertTrue(Cidr.parse("10.9.9.9/8").orElseThrow().contains(ip("10.0.0.1")));
    }

    @Test
    void rejectsTextThatIsNotANetwork() {
        for (String bad : new String[] { "10.0.0.0", "10.0.0.0/33", "fd00::/129", "10.0.0.0/-1", "example.com/8",
                "300.1.1.1/8", "10.0.0.0/x", "/8", "10.0.0.0/", "" }) {
            assertTrue(Cidr.parse(bad).isEmpty(), bad);
        }
    }

    @Test
    void dottedQuadsParseStrictly() {
        assertEquals("81.2.69.142", IpLiteral.parse("81.2.69.142").orElseThrow().getHostAddress());
        assertEquals("0.0.0.0", IpLiteral.parse("0.0.0.0").orElseThrow().getHostAddress());
        assertEquals("255.255.255.255", IpLiteral.parse("255.255.255.255").orElseThrow().getHostAddress());
        for (String bad : new String[] { "256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1..2.3", "1.2.3.", ".1.2.3",
                "1.2.3.4a", "1234.1.1.1", "-1.2.3.4" }) {
            assertTrue(IpLiteral.parse(bad).isEmpty(), bad);
        }
    }

    @Test
    void ipLiteralsNeverResolveNames() {
        assertTrue(IpLiteral.parse("localhost").isEmpty());
        assertTrue(IpLiteral.parse("example.com").isEmpty());
        assertEquals("1.2.3.4", IpLiteral.parse("::ffff:1.2.3.4").orElseThrow().getHostAddress());
    }
}
