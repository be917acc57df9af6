//! What every request handler shares: the command line, and the names this server answers to in
//! the Host and Origin headers.

use super::cli::GuiConfig;
use std::net::{IpAddr, SocketAddr};

/// What every request handler shares.
pub struct App {
    /// The command line.
    pub config: GuiConfig,
    /// Which Host and Origin values name this server.
    pub origins: Origins,
}

/// The names this server answers to: `host:port` as a browser writes them in Host and Origin.
#[derive(Clone, Debug)]
pub struct Origins {
    port: u16,
    /// The host names and addresses accepted, as written in a URL (IPv6 in brackets).
    hosts: Vec<String>,
    /// Listening on every address: any address written as an IP literal is accepted (a rebound
    /// name never is).
    any_address: bool,
}

impl Origins {
    /// The names of a server listening on `addr`.
    pub fn new(addr: SocketAddr) -> Origins {
        let mut hosts = vec![url_host(addr.ip())];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            hosts.extend(["127.0.0.1", "localhost", "[::1]"].map(String::from));
        }
        Origins {
            port: addr.port(),
            hosts,
            any_address: addr.ip().is_unspecified(),
        }
    }

    /// Whether a Host header's `host:port` names this server.
    pub fn host_allowed(&self, host: &str) -> bool {
        let Some((name, port)) = host.rsplit_once(':') else {
            return false;
        };
        if port.parse() != Ok(self.port) {
            return false;
        }
        let name = name.to_ascii_lowercase();
        if self.hosts.contains(&name) {
            return true;
        }
        let literal = name.trim_start_matches('[').trim_end_matches(']');
        self.any_address && literal.parse::<IpAddr>().is_ok()
    }

    /// Whether an Origin header is this server's own page.
    pub fn origin_allowed(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|host| self.host_allowed(host))
    }
}

/// An address as a URL writes it.
pub fn url_host(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_server_by_address_or_loopback_name() {
        let local = Origins::new("127.0.0.1:8080".parse().unwrap());
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(local.host_allowed(ok), "{ok}");
        }
        for bad in [
            "127.0.0.1:8081",
            "evil.example:8080",
            "127.0.0.1",
            "10.0.0.1:8080",
            "",
        ] {
            assert!(!local.host_allowed(bad), "{bad}");
        }
        assert!(local.origin_allowed("http://localhost:8080"));
        assert!(!local.origin_allowed("https://localhost:8080"));
        assert!(!local.origin_allowed("http://evil.example:8080"));
        assert!(!local.origin_allowed("null"));
        let everywhere = Origins::new("0.0.0.0:9000".parse().unwrap());
        assert!(everywhere.host_allowed("192.168.1.5:9000"));
        assert!(!everywhere.host_allowed("rebound.example:9000"));
        let lan = Origins::new("192.168.1.5:9000".parse().unwrap());
        assert!(lan.host_allowed("192.168.1.5:9000") && !lan.host_allowed("localhost:9000"));
    }
}
