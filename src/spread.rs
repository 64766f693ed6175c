//! Workers started on cores of their own: `normalize --jobs` from a file, and the inspector's
//! second analysis thread on a long input.
//!
//! Linux often starts a new thread on the core of the thread that spawned it, where it waits
//! for the spawner's time slice to end, and moves one of the two only when it next balances its
//! cores. On the 2-core test machine the second `--jobs 2` worker started 1.5–3 ms late in about
//! half of the runs, a tenth of the whole run. So the spawner notes its core
//! ([`Spawner::here`]) and, having spawned its workers, yields once
//! ([`Spawner::yield_to_workers`]); a worker that finds itself on the spawner's core moves to
//! another ([`Spawner::leave_my_core`]) by narrowing its own affinity for a moment, then
//! widening it back to what it was, so `taskset` and cgroups are honoured. Elsewhere than
//! Linux, and where the process may use one core only, all of it does nothing.

/// The spawning thread's core, when the process may use more than one.
pub struct Spawner {
    #[cfg(target_os = "linux")]
    core: Option<usize>,
}

impl Spawner {
    /// Where the calling thread runs now, taken before it spawns workers.
    pub fn here() -> Spawner {
        #[cfg(target_os = "linux")]
        {
            let several = rustix::thread::sched_getaffinity(None).is_ok_and(|a| a.count() > 1);
            Spawner {
                core: several.then(rustix::thread::sched_getcpu),
            }
        }
        #[cfg(not(target_os = "linux"))]
        Spawner {}
    }

    /// Called first by a spawned worker: on the spawner's core, move to another of the cores
    /// it may use (the kernel migrates the thread at once), then allow them all again.
    pub fn leave_my_core(&self) {
        #[cfg(target_os = "linux")]
        if let Some(core) = self.core {
            if rustix::thread::sched_getcpu() != core {
                return;
            }
            // Its own mask, read now: what it is given back.
            let Ok(allowed) = rustix::thread::sched_getaffinity(None) else {
                return;
            };
            let mut others = allowed;
            others.unset(core);
            // A failure leaves the worker where the kernel put it: slower, not wrong.
            if others.count() > 0 && rustix::thread::sched_setaffinity(None, &others).is_ok() {
                let _ = rustix::thread::sched_setaffinity(None, &allowed);
            }
        }
    }

    /// Called by the spawner once its workers are spawned: a worker queued behind it on its
    /// core runs now and moves away, instead of when the spawner's time slice ends.
    pub fn yield_to_workers(&self) {
        #[cfg(target_os = "linux")]
        if self.core.is_some() {
            std::thread::yield_now();
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::Spawner;
    use rustix::thread::{CpuSet, sched_getaffinity, sched_getcpu, sched_setaffinity};

    /// `f` run on a thread of its own, so that changing its affinity leaves the test
    /// harness's threads alone.
    fn on_a_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
        std::thread::scope(|s| s.spawn(f).join().expect("the test thread ran"))
    }

    #[test]
    fn a_worker_on_the_spawners_core_moves_off_it_and_keeps_its_affinity() {
        on_a_thread(|| {
            let allowed = sched_getaffinity(None).unwrap();
            if allowed.count() < 2 {
                eprintln!("one core allowed: nothing to move");
                return;
            }
            let spawner = Spawner::here();
            let core = spawner.core.unwrap();
            std::thread::scope(|s| {
                s.spawn(|| {
                    // Put the worker where the kernel often starts it: on the spawner's core.
                    let mut only = CpuSet::new();
                    only.set(core);
                    sched_setaffinity(None, &only).unwrap();
                    sched_setaffinity(None, &allowed).unwrap();
                    assert_eq!(sched_getcpu(), core);
                    spawner.leave_my_core();
                    assert_ne!(sched_getcpu(), core, "still on the spawner's core");
                    assert_eq!(sched_getaffinity(None).unwrap(), allowed);
                });
            });
        });
    }

    #[test]
    fn a_process_on_one_core_is_left_alone() {
        on_a_thread(|| {
            let mut only = CpuSet::new();
            only.set(sched_getcpu());
            sched_setaffinity(None, &only).unwrap();
            let spawner = Spawner::here();
            assert!(spawner.core.is_none());
            spawner.leave_my_core();
            spawner.yield_to_workers();
            assert_eq!(sched_getaffinity(None).unwrap(), only);
        });
    }
}
