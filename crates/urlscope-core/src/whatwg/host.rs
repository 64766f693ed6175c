//! The host parser (URL Standard §3.5), the IPv4 and IPv6 parsers and serializers, opaque hosts
//! and domain to ASCII (through the `idna` crate; UTS #46 is never re-implemented here).

use super::trace::{HostKind, Tracer};

/// A host as the host parser returns it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host {
    /// An ASCII domain, already lowercase and punycoded.
    Domain(String),
    /// An IPv4 address.
    Ipv4(u32),
    /// An IPv6 address's eight pieces.
    Ipv6([u16; 8]),
    /// An opaque host (non-special URLs), already percent-encoded.
    Opaque(String),
    /// The empty host.
    Empty,
}

impl Host {
    /// Which kind of host this is.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }

    /// Appends the host serializer's output (§3.6) to `out`.
    pub fn serialize(&self, out: &mut String) {
        let _ = out;
        unimplemented!("host serializer")
    }
}

/// The host parser: `input` is the host state's buffer, `at` its offset in the parser's input
/// (for the trace), `is_opaque` true for a non-special URL. `None` is failure; every validation
/// error goes to `t` with its offset.
pub fn parse_host<T: Tracer>(input: &str, is_opaque: bool, at: usize, t: &mut T) -> Option<Host> {
    let _ = (input, is_opaque, at, t);
    unimplemented!("host parser")
}
