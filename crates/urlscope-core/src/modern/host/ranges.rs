//! The special-purpose address classes (RFC 6890): one table per family, as data.
//!
//! Rows follow the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 §2.2.2,
//! §2.2.3, with the rows added since), plus the two multicast blocks, which live in their own
//! IANA registries. The most specific row that contains an address names its class; an
//! IPv4-mapped IPv6 address is classified again as the IPv4 address it carries.

use std::net::{Ipv4Addr, Ipv6Addr};

use serde::Serialize;

/// What a special-purpose range means for someone deciding where a link goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// `loopback`.
    Loopback,
    /// `private`.
    Private,
    /// `link-local`.
    LinkLocal,
    /// `shared address space (CGNAT)`.
    SharedCgnat,
    /// `unspecified`.
    Unspecified,
    /// `this network`.
    ThisNetwork,
    /// `broadcast`.
    Broadcast,
    /// `multicast`.
    Multicast,
    /// `documentation`.
    Documentation,
    /// `benchmarking`.
    Benchmarking,
    /// `reserved`.
    Reserved,
    /// IETF protocol assignments, anycast services, AS112, AMT, deprecated relays.
    Protocol,
    /// `IPv4-mapped`.
    Ipv4Mapped,
    /// `IPv4/IPv6 translation`.
    Translation,
    /// `discard-only`.
    Discard,
    /// 6to4 and Teredo: the address embeds an IPv4 address of a tunnel.
    Tunnel,
    /// `unique-local`.
    UniqueLocal,
}

impl Class {
    /// The class's name as output writes it.
    pub fn name(self) -> &'static str {
        match self {
            Class::Loopback => "loopback",
            Class::Private => "private",
            Class::LinkLocal => "link-local",
            Class::SharedCgnat => "shared address space (CGNAT)",
            Class::Unspecified => "unspecified",
            Class::ThisNetwork => "this network",
            Class::Broadcast => "broadcast",
            Class::Multicast => "multicast",
            Class::Documentation => "documentation",
            Class::Benchmarking => "benchmarking",
            Class::Reserved => "reserved",
            Class::Protocol => "protocol assignment",
            Class::Ipv4Mapped => "IPv4-mapped",
            Class::Translation => "IPv4/IPv6 translation",
            Class::Discard => "discard-only",
            Class::Tunnel => "tunnel (embeds IPv4)",
            Class::UniqueLocal => "unique-local",
        }
    }

    /// Ranges that reach the local host, the local network or a provider's internal network:
    /// what server-side request forgery aims at.
    pub fn is_internal(self) -> bool {
        matches!(
            self,
            Class::Loopback
                | Class::Private
                | Class::LinkLocal
                | Class::SharedCgnat
                | Class::Unspecified
                | Class::ThisNetwork
                | Class::UniqueLocal
        )
    }
}

/// One registry row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The row's prefix (`10.0.0.0/8`).
    pub prefix: &'static str,
    /// The row's name in its registry.
    pub name: &'static str,
    /// What an address in the row means.
    pub class: Class,
    /// The RFC the registry row cites.
    pub rfc: &'static str,
    /// The registry holding the row.
    pub registry: &'static str,
}

const V4: &str = "IANA IPv4 Special-Purpose Address Registry (RFC 6890)";
const V6: &str = "IANA IPv6 Special-Purpose Address Registry (RFC 6890)";
const V4M: &str = "IANA IPv4 Multicast Address Space Registry";
const V6M: &str = "IANA IPv6 Multicast Address Space Registry";

const fn has_colon(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b':' {
            return true;
        }
        i += 1;
    }
    false
}

const fn r(prefix: &'static str, name: &'static str, class: Class, rfc: &'static str) -> Row {
    Row {
        prefix,
        name,
        class,
        rfc,
        registry: if has_colon(prefix) { V6 } else { V4 },
    }
}

use Class::*;

/// The IPv4 rows.
pub(crate) const IPV4: &[Row] = &[
    r("0.0.0.0/8", "\"This network\"", ThisNetwork, "RFC 791 §3.2"),
    r(
        "0.0.0.0/32",
        "\"This host on this network\"",
        Unspecified,
        "RFC 1122 §3.2.1.3",
    ),
    r("10.0.0.0/8", "Private-Use", Private, "RFC 1918"),
    r(
        "100.64.0.0/10",
        "Shared Address Space",
        SharedCgnat,
        "RFC 6598",
    ),
    r("127.0.0.0/8", "Loopback", Loopback, "RFC 1122 §3.2.1.3"),
    r("169.254.0.0/16", "Link Local", LinkLocal, "RFC 3927"),
    r("172.16.0.0/12", "Private-Use", Private, "RFC 1918"),
    r(
        "192.0.0.0/24",
        "IETF Protocol Assignments",
        Protocol,
        "RFC 6890 §2.1",
    ),
    r(
        "192.0.0.0/29",
        "IPv4 Service Continuity Prefix",
        Protocol,
        "RFC 7335",
    ),
    r("192.0.0.8/32", "IPv4 dummy address", Protocol, "RFC 7600"),
    r(
        "192.0.0.9/32",
        "Port Control Protocol Anycast",
        Protocol,
        "RFC 7723",
    ),
    r(
        "192.0.0.10/32",
        "Traversal Using Relays around NAT Anycast",
        Protocol,
        "RFC 8155",
    ),
    r(
        "192.0.0.170/32",
        "NAT64/DNS64 Discovery",
        Protocol,
        "RFC 8880",
    ),
    r(
        "192.0.0.171/32",
        "NAT64/DNS64 Discovery",
        Protocol,
        "RFC 8880",
    ),
    r(
        "192.0.2.0/24",
        "Documentation (TEST-NET-1)",
        Documentation,
        "RFC 5737",
    ),
    r("192.31.196.0/24", "AS112-v4", Protocol, "RFC 7535"),
    r("192.52.193.0/24", "AMT", Protocol, "RFC 7450"),
    r(
        "192.88.99.0/24",
        "Deprecated (6to4 Relay Anycast)",
        Protocol,
        "RFC 7526",
    ),
    r("192.168.0.0/16", "Private-Use", Private, "RFC 1918"),
    r(
        "192.175.48.0/24",
        "Direct Delegation AS112 Service",
        Protocol,
        "RFC 7534",
    ),
    r("198.18.0.0/15", "Benchmarking", Benchmarking, "RFC 2544"),
    r(
        "198.51.100.0/24",
        "Documentation (TEST-NET-2)",
        Documentation,
        "RFC 5737",
    ),
    r(
        "203.0.113.0/24",
        "Documentation (TEST-NET-3)",
        Documentation,
        "RFC 5737",
    ),
    r("240.0.0.0/4", "Reserved", Reserved, "RFC 1112 §4"),
    r(
        "255.255.255.255/32",
        "Limited Broadcast",
        Broadcast,
        "RFC 919 §7",
    ),
    Row {
        prefix: "224.0.0.0/4",
        name: "Multicast",
        class: Multicast,
        rfc: "RFC 5771",
        registry: V4M,
    },
];

/// The IPv6 rows.
pub(crate) const IPV6: &[Row] = &[
    r("::1/128", "Loopback Address", Loopback, "RFC 4291"),
    r("::/128", "Unspecified Address", Unspecified, "RFC 4291"),
    r(
        "::ffff:0:0/96",
        "IPv4-mapped Address",
        Ipv4Mapped,
        "RFC 4291",
    ),
    r(
        "64:ff9b::/96",
        "IPv4-IPv6 Translat.",
        Translation,
        "RFC 6052",
    ),
    r(
        "64:ff9b:1::/48",
        "IPv4-IPv6 Translat.",
        Translation,
        "RFC 8215",
    ),
    r(
        "100::/64",
        "Discard-Only Address Block",
        Discard,
        "RFC 6666",
    ),
    r(
        "2001::/23",
        "IETF Protocol Assignments",
        Protocol,
        "RFC 2928",
    ),
    r("2001::/32", "TEREDO", Tunnel, "RFC 4380"),
    r(
        "2001:1::1/128",
        "Port Control Protocol Anycast",
        Protocol,
        "RFC 7723",
    ),
    r(
        "2001:1::2/128",
        "Traversal Using Relays around NAT Anycast",
        Protocol,
        "RFC 8155",
    ),
    r("2001:2::/48", "Benchmarking", Benchmarking, "RFC 5180"),
    r("2001:3::/32", "AMT", Protocol, "RFC 7450"),
    r("2001:4:112::/48", "AS112-v6", Protocol, "RFC 7535"),
    r(
        "2001:10::/28",
        "Deprecated (previously ORCHID)",
        Protocol,
        "RFC 4843",
    ),
    r("2001:20::/28", "ORCHIDv2", Protocol, "RFC 7343"),
    r("2001:db8::/32", "Documentation", Documentation, "RFC 3849"),
    r("2002::/16", "6to4", Tunnel, "RFC 3056"),
    r(
        "2620:4f:8000::/48",
        "Direct Delegation AS112 Service",
        Protocol,
        "RFC 7534",
    ),
    r("3fff::/20", "Documentation", Documentation, "RFC 9637"),
    r("fc00::/7", "Unique-Local", UniqueLocal, "RFC 4193"),
    r("fe80::/10", "Link-Local Unicast", LinkLocal, "RFC 4291"),
    Row {
        prefix: "ff00::/8",
        name: "Multicast",
        class: Multicast,
        rfc: "RFC 4291 §2.7",
        registry: V6M,
    },
];

/// The address the major clouds serve instance metadata (and credentials) on.
pub(crate) const CLOUD_METADATA: Ipv4Addr = Ipv4Addr::new(169, 254, 169, 254);

/// A row's network and prefix length.
fn parse_prefix(p: &str) -> Option<(std::net::IpAddr, u32)> {
    let (a, len) = p.split_once('/')?;
    Some((a.parse().ok()?, len.parse().ok()?))
}

fn contains(row: &Row, ip: std::net::IpAddr) -> Option<u32> {
    let (net, len) = parse_prefix(row.prefix)?;
    let hit = match (net, ip) {
        (std::net::IpAddr::V4(n), std::net::IpAddr::V4(a)) => {
            let mask = u32::MAX.checked_shl(32 - len).unwrap_or(0);
            u32::from(n) & mask == u32::from(a) & mask
        }
        (std::net::IpAddr::V6(n), std::net::IpAddr::V6(a)) => {
            let mask = u128::MAX.checked_shl(128 - len).unwrap_or(0);
            u128::from(n) & mask == u128::from(a) & mask
        }
        _ => false,
    };
    hit.then_some(len)
}

/// The most specific row containing `ip`; `None` for a public (globally routed) address.
pub(crate) fn classify(ip: std::net::IpAddr) -> Option<&'static Row> {
    let table = if ip.is_ipv4() { IPV4 } else { IPV6 };
    table
        .iter()
        .filter_map(|row| contains(row, ip).map(|len| (len, row)))
        .max_by_key(|(len, _)| *len)
        .map(|(_, row)| row)
}

/// The IPv4 address an IPv4-mapped IPv6 address carries.
pub(crate) fn mapped_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    ip.to_ipv4_mapped()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    #[test]
    fn every_prefix_parses_and_has_its_family() {
        for row in IPV4 {
            assert!(
                matches!(parse_prefix(row.prefix), Some((std::net::IpAddr::V4(_), l)) if l <= 32),
                "{row:?}"
            );
            assert!(!row.registry.contains("IPv6"), "{row:?}");
        }
        for row in IPV6 {
            assert!(
                matches!(parse_prefix(row.prefix), Some((std::net::IpAddr::V6(_), l)) if l <= 128),
                "{row:?}"
            );
            assert!(row.registry.contains("IPv6"), "{row:?}");
        }
    }

    /// One address per registry row, inside the row and in no more specific row.
    const ROW_CASES: &[(&str, &str)] = &[
        ("0.1.2.3", "0.0.0.0/8"),
        ("0.0.0.0", "0.0.0.0/32"),
        ("10.1.2.3", "10.0.0.0/8"),
        ("100.64.0.1", "100.64.0.0/10"),
        ("127.0.0.1", "127.0.0.0/8"),
        ("169.254.169.254", "169.254.0.0/16"),
        ("172.16.5.4", "172.16.0.0/12"),
        ("192.0.0.200", "192.0.0.0/24"),
        ("192.0.0.1", "192.0.0.0/29"),
        ("192.0.0.8", "192.0.0.8/32"),
        ("192.0.0.9", "192.0.0.9/32"),
        ("192.0.0.10", "192.0.0.10/32"),
        ("192.0.0.170", "192.0.0.170/32"),
        ("192.0.0.171", "192.0.0.171/32"),
        ("192.0.2.1", "192.0.2.0/24"),
        ("192.31.196.1", "192.31.196.0/24"),
        ("192.52.193.1", "192.52.193.0/24"),
        ("192.88.99.1", "192.88.99.0/24"),
        ("192.168.1.1", "192.168.0.0/16"),
        ("192.175.48.1", "192.175.48.0/24"),
        ("198.19.0.1", "198.18.0.0/15"),
        ("198.51.100.7", "198.51.100.0/24"),
        ("203.0.113.9", "203.0.113.0/24"),
        ("250.1.1.1", "240.0.0.0/4"),
        ("255.255.255.255", "255.255.255.255/32"),
        ("239.255.255.250", "224.0.0.0/4"),
        ("::1", "::1/128"),
        ("::", "::/128"),
        ("::ffff:8.8.8.8", "::ffff:0:0/96"),
        ("64:ff9b::808:808", "64:ff9b::/96"),
        ("64:ff9b:1::1", "64:ff9b:1::/48"),
        ("100::1", "100::/64"),
        ("2001:100::1", "2001::/23"),
        ("2001:0:4136:e378::1", "2001::/32"),
        ("2001:1::1", "2001:1::1/128"),
        ("2001:1::2", "2001:1::2/128"),
        ("2001:2::5", "2001:2::/48"),
        ("2001:3::5", "2001:3::/32"),
        ("2001:4:112::1", "2001:4:112::/48"),
        ("2001:10::1", "2001:10::/28"),
        ("2001:20::1", "2001:20::/28"),
        ("2001:db8::1", "2001:db8::/32"),
        ("2002:c000:204::1", "2002::/16"),
        ("2620:4f:8000::1", "2620:4f:8000::/48"),
        ("3fff::1", "3fff::/20"),
        ("fd12:3456::1", "fc00::/7"),
        ("fe80::1", "fe80::/10"),
        ("ff02::1", "ff00::/8"),
    ];

    #[test]
    fn every_registry_row_has_a_case_and_classifies_it() {
        for row in IPV4.iter().chain(IPV6) {
            assert!(
                ROW_CASES.iter().any(|(_, p)| *p == row.prefix),
                "no case for row {}",
                row.prefix
            );
        }
        for (addr, prefix) in ROW_CASES {
            let ip: IpAddr = addr.parse().unwrap();
            let row = classify(ip).unwrap_or_else(|| panic!("{addr}: public?"));
            assert_eq!(row.prefix, *prefix, "{addr}");
            // And through the lens, as a URL host.
            let url = match ip {
                IpAddr::V4(_) => format!("http://{addr}/"),
                IpAddr::V6(_) => format!("http://[{addr}]/"),
            };
            let r = crate::inspect_host(url.as_bytes(), None);
            let a = r.facts.address.as_ref().unwrap();
            assert_eq!(a.row.map(|r| r.prefix), Some(*prefix), "{url}");
        }
        for public in ["8.8.8.8", "1.1.1.1", "2606:4700::1111", "2a00:1450::1"] {
            assert_eq!(classify(public.parse().unwrap()), None, "{public}");
        }
    }
}
