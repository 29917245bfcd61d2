package org.velvetrope.event;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** An edge stat endpoint polled for one region's traffic. */
@Embeddable
public class Edge {

    @Column(nullable = false)
    public String url;

    @Column(nullable = false)
    public String region;

    @Column(nullable = false)
    public String source;
}
