//! Map a list on every core the machine has, keeping the order. Sections'
//! standings, the site's section bodies and its pages are independent of
//! each other and are most of the work of `league site` and `league history
//! player`, so they are computed side by side (std threads only; the result
//! is the same as a plain `map`).

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

/// `items.into_iter().map(f).collect()`, on every core like [`map`], for
/// work that takes its input by value (a section's facts become its report).
pub fn map_owned<T: Send, U: Send>(items: Vec<T>, f: impl Fn(T) -> U + Sync) -> Vec<U> {
    let threads = thread::available_parallelism().map_or(1, NonZeroUsize::get);
    if threads < 2 || items.len() < 2 {
        return items.into_iter().map(f).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let mut parts: Vec<Vec<T>> = Vec::with_capacity(threads);
    let mut rest = items.into_iter();
    loop {
        let part: Vec<T> = rest.by_ref().take(chunk).collect();
        if part.is_empty() {
            break;
        }
        parts.push(part);
    }
    let f = &f;
    thread::scope(|s| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| s.spawn(move || part.into_iter().map(f).collect::<Vec<U>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn owned_keeps_the_order() {
        let items: Vec<String> = (0..1001).map(|i| i.to_string()).collect();
        let out = super::map_owned(items.clone(), |s| s.len());
        assert_eq!(out, items.iter().map(|s| s.len()).collect::<Vec<_>>());
        assert!(super::map_owned(Vec::<u8>::new(), |x| x).is_empty());
        assert_eq!(super::map_owned(vec![7u32], |x| x + 1), vec![8]);
    }

    #[test]
    fn keeps_the_order() {
        let items: Vec<u32> = (0..1001).collect();
        let out = super::map(&items, |x| x * 2);
        assert_eq!(out, items.iter().map(|x| x * 2).collect::<Vec<_>>());
        assert!(super::map(&[] as &[u32], |x| *x).is_empty());
        assert_eq!(super::map(&[7u32], |x| *x + 1), vec![8]);
    }
}
