//! A budget of requests per client address over a fixed window, for the public reads that name
//! sequential ids (the existing front end's numeric order links): one address walking the ids
//! gets a few dozen a minute, so reading a shop's orders that way takes days.
//!
//! Kept in this process's memory: with several server processes an address gets the budget of
//! each. The table of addresses is bounded; under a flood from more addresses than it holds,
//! new addresses wait until the window turns over. Behind a reverse proxy the address is the
//! client's as the proxy reports it (`OPTICA_TRUSTED_PROXIES`, `http::extract::ClientAddress`).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Addresses remembered at once.
const MAX_ADDRESSES: usize = 100_000;

pub struct RateLimit {
    per_window: u32,
    window: Duration,
    table: Mutex<Table>,
}

#[derive(Default)]
struct Table {
    seen: HashMap<IpAddr, (Instant, u32)>,
    /// When a full table may be swept of expired entries again: at most once a window, so a
    /// flood of new addresses cannot make every request walk the whole table.
    next_sweep: Option<Instant>,
}

/// Whom a budget belongs to: an IPv4 address, or an IPv6 /64 (one subscriber's network: a
/// client holds a whole /64 and could otherwise take a new address for every request).
fn holder(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(bits.into())
        }
        v4 => v4,
    }
}

impl RateLimit {
    pub fn new(per_window: u32, window: Duration) -> Self {
        RateLimit {
            per_window,
            window,
            table: Mutex::default(),
        }
    }

    /// Counts one request from `address` (none: a request that did not come over TCP); `Err`
    /// with the seconds to wait when its budget is spent.
    pub fn admit(&self, address: Option<IpAddr>) -> Result<(), u64> {
        let now = Instant::now();
        let key = address.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), holder);
        let mut table = self.table.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if table.seen.len() >= MAX_ADDRESSES && !table.seen.contains_key(&key) {
            if table.next_sweep.is_none_or(|at| now >= at) {
                let window = self.window;
                table.seen.retain(|_, (start, _)| now.duration_since(*start) < window);
                table.next_sweep = Some(now + window);
            }
            if table.seen.len() >= MAX_ADDRESSES {
                return Err(self.window.as_secs().max(1));
            }
        }
        let (start, count) = table.seen.entry(key).or_insert((now, 0));
        if now.duration_since(*start) >= self.window {
            (*start, *count) = (now, 0);
        }
        if *count >= self.per_window {
            let left = self.window.saturating_sub(now.duration_since(*start));
            return Err(left.as_secs().max(1));
        }
        *count += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_budget_per_window_and_others_are_not_touched() {
        let limit = RateLimit::new(3, Duration::from_secs(60));
        let a = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        let b = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 2)));
        for _ in 0..3 {
            assert_eq!(limit.admit(a), Ok(()));
        }
        assert!(matches!(limit.admit(a), Err(seconds) if (1..=60).contains(&seconds)));
        assert_eq!(limit.admit(b), Ok(()));
    }

    #[test]
    fn the_addresses_of_one_ipv6_network_share_a_budget() {
        let limit = RateLimit::new(1, Duration::from_secs(60));
        let one: IpAddr = "2800:810:1:2::1".parse().unwrap();
        let other: IpAddr = "2800:810:1:2:ffff::9".parse().unwrap();
        let next_network: IpAddr = "2800:810:1:3::1".parse().unwrap();
        assert_eq!(limit.admit(Some(one)), Ok(()));
        assert!(limit.admit(Some(other)).is_err());
        assert_eq!(limit.admit(Some(next_network)), Ok(()));
    }

    #[test]
    fn the_budget_comes_back_when_the_window_turns_over() {
        let limit = RateLimit::new(1, Duration::from_millis(20));
        let a = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        assert_eq!(limit.admit(a), Ok(()));
        assert!(limit.admit(a).is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(limit.admit(a), Ok(()));
    }
}
