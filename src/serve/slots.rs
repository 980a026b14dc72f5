//! The open connections, bounded in all and per client address, and who gives up their place
//! when every place is taken.
//!
//! A bound alone is not enough: idle or half-sent connections, reopened as soon as they time out,
//! from a handful of addresses each under its own bound, can hold every place, and a real user
//! then waits in the kernel's backlog until one of them times out (8 s and more). So when every
//! place is taken, a new connection from an address holding fewer places takes the place of one
//! that is not serving a request: first one that never sent a whole request, from the address
//! holding the most places, the oldest of those; then a kept-alive one waiting for its next
//! request. A new connection from an address holding as many is closed at once. A real user's
//! connection sends its request at once and is served at once, so its place is never the one
//! given up while it waits, and the idle ones reopened in a loop only knock.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use tokio::sync::{oneshot, Notify};

/// One open connection as the table sees it.
struct Open {
    ip: IpAddr,
    opened: Instant,
    /// Requests received so far, and those being served now.
    activity: Arc<Activity>,
    /// Closes the connection when it gives up its place.
    evict: Option<oneshot::Sender<()>>,
}

/// What a connection is doing, updated by its requests.
#[derive(Default)]
pub struct Activity {
    received: AtomicUsize,
    serving: AtomicUsize,
}

impl Activity {
    /// Marks a request received; the guard marks it answered when dropped.
    pub fn request(self: &Arc<Self>) -> Serving {
        self.received.fetch_add(1, Ordering::Relaxed);
        self.serving.fetch_add(1, Ordering::Relaxed);
        Serving(self.clone())
    }
}

/// A request being served (see `Activity::request`).
pub struct Serving(Arc<Activity>);

impl Drop for Serving {
    fn drop(&mut self) {
        self.0.serving.fetch_sub(1, Ordering::Relaxed);
    }
}

#[derive(Default)]
struct State {
    open: HashMap<u64, Open>,
    per_address: HashMap<IpAddr, usize>,
    next: u64,
}

/// The table of open connections.
#[derive(Clone)]
pub struct Slots {
    state: Arc<Mutex<State>>,
    freed: Arc<Notify>,
    max: usize,
    per_address: usize,
}

/// A connection's place; given back when dropped.
pub struct Slot {
    slots: Slots,
    id: u64,
    pub activity: Arc<Activity>,
    /// Resolves when the connection must close to make room for another.
    pub evicted: oneshot::Receiver<()>,
}

/// What `Slots::admit` decided about a new connection.
pub enum Admission {
    Admitted(Slot),
    /// Its address holds its share already (or, with every place taken, as many as the address
    /// that would give one up): close it.
    TooMany,
    /// Every place serves a request: wait for one to end (`Slots::freed`), then ask again.
    Full,
}

impl Slots {
    pub fn new(max: usize, per_address: usize) -> Self {
        Slots {
            state: Arc::default(),
            freed: Arc::new(Notify::new()),
            max: max.max(1),
            per_address: per_address.max(1),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether a new connection would find a free place.
    #[cfg(test)]
    fn has_room(&self) -> bool {
        self.lock().open.len() < self.max
    }

    /// Resolves when a place may have been given back.
    pub async fn freed(&self) {
        self.freed.notified().await
    }

    /// Gives a place to a connection from `ip`, taking it from an idle one when every place is
    /// taken.
    pub fn admit(&self, ip: IpAddr) -> Admission {
        let mut state = self.lock();
        if state.per_address.get(&ip).copied().unwrap_or(0) >= self.per_address {
            return Admission::TooMany;
        }
        if state.open.len() >= self.max {
            let Some(victim) = Self::victim(&state) else {
                return Admission::Full;
            };
            // A place goes to an address holding fewer than the one giving it up: the idle
            // ones reopened from the busiest addresses are closed at once, instead of taking
            // one another's places over and over, while a real user's first connection gets in.
            let share = |ip: &IpAddr| state.per_address.get(ip).copied().unwrap_or(0);
            let victim_ip = state.open.get(&victim).map(|o| o.ip);
            if victim_ip.is_some_and(|v| share(&ip) + 1 >= share(&v)) {
                return Admission::TooMany;
            }
            if let Some(open) = Self::remove(&mut state, victim) {
                if let Some(evict) = open.evict {
                    let _ = evict.send(());
                }
                tracing::debug!(ip = %open.ip, "conexión inactiva cerrada para dar lugar a otra");
            }
        }
        let (evict, evicted) = oneshot::channel();
        let activity = Arc::new(Activity::default());
        state.next += 1;
        let id = state.next;
        state.open.insert(
            id,
            Open {
                ip,
                opened: Instant::now(),
                activity: activity.clone(),
                evict: Some(evict),
            },
        );
        *state.per_address.entry(ip).or_default() += 1;
        Admission::Admitted(Slot {
            slots: self.clone(),
            id,
            activity,
            evicted,
        })
    }

    /// The connection to give up its place: not serving a request; one that never sent a whole
    /// request before a kept-alive one; from the address holding the most places; the oldest.
    fn victim(state: &State) -> Option<u64> {
        state
            .open
            .iter()
            .filter(|(_, o)| o.activity.serving.load(Ordering::Relaxed) == 0)
            .max_by_key(|(_, o)| {
                let never = o.activity.received.load(Ordering::Relaxed) == 0;
                let share = state.per_address.get(&o.ip).copied().unwrap_or(0);
                (never, share, std::cmp::Reverse(o.opened))
            })
            .map(|(id, _)| *id)
    }

    fn remove(state: &mut State, id: u64) -> Option<Open> {
        let open = state.open.remove(&id)?;
        if let Some(count) = state.per_address.get_mut(&open.ip) {
            *count -= 1;
            if *count == 0 {
                state.per_address.remove(&open.ip);
            }
        }
        Some(open)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        Slots::remove(&mut self.slots.lock(), self.id);
        self.slots.freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    fn admitted(a: Admission) -> Slot {
        match a {
            Admission::Admitted(slot) => slot,
            _ => panic!("not admitted"),
        }
    }

    #[test]
    fn when_full_an_idle_connection_of_the_busiest_address_gives_up_its_place() {
        let slots = Slots::new(3, 2);
        let mut idle_a = admitted(slots.admit(ip(2)));
        let idle_a2 = admitted(slots.admit(ip(2)));
        let user = admitted(slots.admit(ip(3)));
        let serving = user.activity.request();
        assert!(matches!(slots.admit(ip(2)), Admission::TooMany));
        let newcomer = admitted(slots.admit(ip(4)));
        // The oldest idle connection of 127.0.0.2 was closed; the user's is untouched.
        assert!(idle_a.evicted.try_recv().is_ok());
        // Now no address holds more than one: a newcomer would take a place from an address
        // holding as many as its own, so it is closed instead.
        assert!(matches!(slots.admit(ip(5)), Admission::TooMany));
        drop(idle_a);
        drop(serving);
        assert!(!slots.has_room());
        drop((idle_a2, newcomer, user));
        assert!(slots.has_room());
    }

    #[test]
    fn when_every_place_serves_a_request_a_new_connection_waits() {
        let slots = Slots::new(1, 1);
        let busy = admitted(slots.admit(ip(2)));
        let _serving = busy.activity.request();
        assert!(matches!(slots.admit(ip(3)), Admission::Full));
    }
}
