-- Latest sample of every telemetry source, shared between replicas (PostgreSQL profile): each replica writes
-- the samples it received, every replica reads the others'.
create table source_sample (
    event_slug varchar(64)      not null,
    region     varchar(32)      not null,
    source     varchar(100)     not null,
    at         timestamp with time zone not null,
    mbps       double precision not null,
    viewers    bigint,
    primary key (event_slug, region, source)
);
