//! A budget of requests per client address over a fixed window, for the public reads that name
//! sequential ids (the existing front end's numeric order links): one address walking the ids
//! gets a few dozen a minute, so reading a shop's orders that way takes days.
//!
//! Kept in this process's memory: with several server processes an address gets the budget of
//! each. The table of addresses is bounded; under a flood from more addresses than it holds,
//! new addresses wait until the window turns over.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Addresses remembered at once.
const MAX_ADDRESSES: usize = 100_000;

pub struct RateLimit {
    per_window: u32,
    window: Duration,
    seen: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl RateLimit {
    pub fn new(per_window: u32, window: Duration) -> Self {
        RateLimit {
            per_window,
            window,
            seen: Mutex::default(),
        }
    }

    /// Counts one request from `address` (none: a request that did not come over TCP); `Err`
    /// with the seconds to wait when its budget is spent.
    pub fn admit(&self, address: Option<IpAddr>) -> Result<(), u64> {
        let now = Instant::now();
        let key = address.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        let mut seen = self.seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if seen.len() >= MAX_ADDRESSES && !seen.contains_key(&key) {
            seen.retain(|_, (start, _)| now.duration_since(*start) < self.window);
            if seen.len() >= MAX_ADDRESSES {
                return Err(self.window.as_secs().max(1));
            }
        }
        let (start, count) = seen.entry(key).or_insert((now, 0));
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
    fn the_budget_comes_back_when_the_window_turns_over() {
        let limit = RateLimit::new(1, Duration::from_millis(20));
        let a = Some(IpAddr::V4(Ipv4Addr::new(10, 0, 0, 1)));
        assert_eq!(limit.admit(a), Ok(()));
        assert!(limit.admit(a).is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert_eq!(limit.admit(a), Ok(()));
    }
}
