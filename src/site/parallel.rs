//! Map a slice on every core the machine has, keeping the order: the
//! site's section bodies and pages are independent of each other and are
//! most of the work of `league site`, so they are built and rendered side
//! by side (std threads only; the result is the same as a plain `map`).

use std::num::NonZeroUsize;
use std::thread;

/// `items.iter().map(f).collect()`, the slice split into one contiguous
/// chunk per available core, each mapped on its own thread.
pub fn map<T: Sync, U: Send>(items: &[T], f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    let threads = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    if threads < 2 || items.len() < 2 {
        return items.iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let f = &f;
    thread::scope(|s| {
        let parts: Vec<_> = items
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(f).collect::<Vec<U>>()))
            .collect();
        parts
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_the_order() {
        let items: Vec<u32> = (0..1001).collect();
        let out = super::map(&items, |x| x * 2);
        assert_eq!(out, items.iter().map(|x| x * 2).collect::<Vec<_>>());
        assert!(super::map(&[] as &[u32], |x| *x).is_empty());
        assert_eq!(super::map(&[7u32], |x| *x + 1), vec![8]);
    }
}
