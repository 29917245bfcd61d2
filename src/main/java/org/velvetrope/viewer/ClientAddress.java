package org.velvetrope.viewer;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.velvetrope.geo.IpLiteral;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

/**
 * The viewer's address: the peer, or X-Forwarded-For when Quarkus' proxy settings trust the peer (Quarkus has
 * already applied them to the request's remote address).
 */
final class ClientAddress {

    static final InetAddress UNSPECIFIED;

    static {
        try {
            UNSPECIFIED = InetAddress.getByAddress(new byte[4]);
        } catch (UnknownHostException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ClientAddress() {
    }

    static InetAddress of(HttpServerRequest request) {
        SocketAddress remote = request.remoteAddress();
        if (remote == null || remote.hostAddress() == null) {
            return UNSPECIFIED;
        }
        return IpLiteral.parse(remote.hostAddress()).orElse(UNSPECIFIED);
    }
}
