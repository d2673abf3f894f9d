//! Finding a player (or team) from what a secretary typed: the one rule
//! every command uses, so "Ann" never finds Hannah Schmidt.
//!
//! In order:
//! 1. **The same name**, ignoring case, accents and punctuation, and the
//!    order of its words: "olafur jonsson" finds "Ólafur Jónsson", and
//!    "Rausch, Daniel" finds "Daniel Rausch".
//! 2. **A unique prefix of whole words**: every typed word begins a
//!    different word of the name ("Ann" finds "Ann Lee", "Schm Han" finds
//!    "Hannah Schmidt"). Letters inside a word never match: "Ann" does not
//!    find "Hannah".
//! 3. Anything else is no match; the closest names by edit distance are
//!    offered ("did you mean ...?").
//!
//! More than one candidate at a step is ambiguous and lists them. Accents
//! and other scripts are folded with `deunicode` (Cyrillic and Greek are
//! transliterated too), so a name typed on an English keyboard still finds
//! its player.

/// What a search found.
#[derive(Debug, PartialEq, Eq)]
pub enum Found<T> {
    /// Exactly one candidate.
    One(T),
    /// Several candidates match equally well: the secretary must say more.
    Several(Vec<T>),
    /// Nothing matches; the closest names, best first (at most three).
    Nothing { closest: Vec<T> },
}

/// A name folded for comparison: lower case, accents removed, punctuation
/// turned into spaces, and "Last, First" turned round to "first last".
pub fn fold(name: &str) -> String {
    let turned = match name.split_once(',') {
        Some((last, first)) if !first.contains(',') && !first.trim().is_empty() => {
            format!("{} {}", first.trim(), last.trim())
        }
        _ => name.to_string(),
    };
    let plain = deunicode::deunicode(&turned).to_lowercase();
    plain
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn words(folded: &str) -> Vec<&str> {
    folded.split(' ').filter(|w| !w.is_empty()).collect()
}

/// The same words, in any order.
fn same_words(a: &[&str], b: &[&str]) -> bool {
    let mut a = a.to_vec();
    let mut b = b.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    a == b
}

/// Every typed word begins a different word of the name.
fn prefixes(typed: &[&str], name: &[&str]) -> bool {
    // Greedy over typed words from longest to shortest is enough for the
    // short names people type, and never pairs two typed words with one
    // word of the name.
    let mut typed = typed.to_vec();
    typed.sort_by_key(|w| std::cmp::Reverse(w.len()));
    let mut used = vec![false; name.len()];
    typed.iter().all(|t| {
        match name
            .iter()
            .enumerate()
            .find(|(i, w)| !used[*i] && w.starts_with(t))
        {
            Some((i, _)) => {
                used[i] = true;
                true
            }
            None => false,
        }
    })
}

/// Levenshtein distance between two folded names, in characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Find `typed` among `candidates` (each a value and its name), by the
/// rules in this module's documentation. Candidates keep their order.
pub fn find<T: Clone>(typed: &str, candidates: &[(T, &str)]) -> Found<T> {
    let folded_typed = fold(typed);
    let typed_words = words(&folded_typed);
    if typed_words.is_empty() {
        return Found::Nothing { closest: vec![] };
    }
    let folded: Vec<String> = candidates.iter().map(|(_, n)| fold(n)).collect();
    let pick = |keep: &dyn Fn(&[&str]) -> bool| -> Vec<T> {
        candidates
            .iter()
            .zip(&folded)
            .filter(|(_, f)| keep(&words(f)))
            .map(|((v, _), _)| v.clone())
            .collect()
    };
    let same = pick(&|w| same_words(&typed_words, w));
    let found = if same.is_empty() {
        pick(&|w| prefixes(&typed_words, w))
    } else {
        same
    };
    match found.len() {
        0 => {}
        1 => return Found::One(found.into_iter().next().expect("one")),
        _ => return Found::Several(found),
    }
    let mut scored: Vec<(usize, usize)> = folded
        .iter()
        .enumerate()
        .map(|(i, f)| (edit_distance(&folded_typed, f), i))
        .collect();
    scored.sort();
    // Offer only names that are plausibly what was meant: within about a
    // third of the name's length, and at least two edits.
    let limit = (folded_typed.chars().count() / 3).max(2);
    Found::Nothing {
        closest: scored
            .into_iter()
            .filter(|(d, _)| *d <= limit)
            .take(3)
            .map(|(_, i)| candidates[i].0.clone())
            .collect(),
    }
}

/// Why a typed name found no single candidate, in the secretary's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameError {
    /// True when several candidates matched (the name is not unique);
    /// false when none did.
    pub ambiguous: bool,
    pub message: String,
}

/// [`find`], with the answer put in words: `what` names the kind of thing
/// ("player in section U1600", "team"), `describe` shows one candidate
/// ("#4 Hannah Schmidt"), and `hint` says what to do when nothing is even
/// close ("enter them first with `league enter`").
pub fn choose<T: Clone>(
    typed: &str,
    candidates: &[(T, &str)],
    describe: impl Fn(&T) -> String,
    what: &str,
    hint: &str,
) -> Result<T, NameError> {
    let typed = typed.trim();
    match find(typed, candidates) {
        Found::One(v) => Ok(v),
        Found::Several(list) => Err(NameError {
            ambiguous: true,
            message: format!(
                "\"{typed}\" matches more than one {what}: {}; type more of the name, or the pairing number",
                list.iter().map(&describe).collect::<Vec<_>>().join("; ")
            ),
        }),
        Found::Nothing { closest } if closest.is_empty() => Err(NameError {
            ambiguous: false,
            message: if hint.is_empty() {
                format!("no {what} is called \"{typed}\"")
            } else {
                format!("no {what} is called \"{typed}\"; {hint}")
            },
        }),
        Found::Nothing { closest } => Err(NameError {
            ambiguous: false,
            message: format!(
                "no {what} is called \"{typed}\"; did you mean {}?",
                closest.iter().map(&describe).collect::<Vec<_>>().join(" or ")
            ),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<(usize, &'static str)> {
        vec![
            (0, "Hannah Schmidt"),
            (1, "Ann Lee"),
            (2, "Marcus Bell"),
            (3, "Ólafur Jónsson"),
            (4, "Daniel Rausch"),
            (5, "Пётр Иванов"),
            (6, "Anna Bellamy"),
        ]
    }

    #[test]
    fn case_accents_and_order_are_ignored() {
        assert_eq!(find("olafur jonsson", &names()), Found::One(3));
        assert_eq!(find("Rausch, Daniel", &names()), Found::One(4));
        assert_eq!(find("daniel RAUSCH", &names()), Found::One(4));
        // Cyrillic is transliterated: the surname typed in Latin letters finds it.
        assert!(
            fold("Пётр Иванов").ends_with(" ivanov"),
            "{}",
            fold("Пётр Иванов")
        );
        assert_eq!(find("Ivanov", &names()), Found::One(5));
    }

    #[test]
    fn whole_word_prefixes_never_letters_inside_a_word() {
        // "Ann" is the whole first word of Ann Lee and begins Anna Bellamy,
        // but it is not a prefix of any word of Hannah Schmidt.
        assert_eq!(find("Ann", &names()), Found::Several(vec![1, 6]));
        assert_eq!(find("Ann L", &names()), Found::One(1));
        assert_eq!(find("Schm Han", &names()), Found::One(0));
        assert_eq!(find("Bell", &names()), Found::Several(vec![2, 6]));
        assert_eq!(find("M Bell", &names()), Found::One(2));
    }

    #[test]
    fn the_exact_name_wins_over_prefixes_of_longer_names() {
        let list = vec![(0, "Ann Lee"), (1, "Ann Leeson")];
        assert_eq!(find("ann lee", &list), Found::One(0));
    }

    #[test]
    fn two_typed_words_need_two_words_of_the_name() {
        let list = vec![(0, "Annabel")];
        assert_eq!(
            find("Ann Annabel", &list),
            Found::Nothing { closest: vec![] }
        );
    }

    #[test]
    fn no_match_offers_the_closest_names() {
        assert_eq!(
            find("Hanna Schmitt", &names()),
            Found::Nothing { closest: vec![0] }
        );
        assert_eq!(find("Zed", &names()), Found::Nothing { closest: vec![] });
        assert_eq!(find("  ", &names()), Found::Nothing { closest: vec![] });
    }

    #[test]
    fn choose_puts_the_answer_in_words() {
        let list = names();
        let show = |i: &usize| format!("#{} {}", i + 1, list[*i].1);
        let what = "player in section U1600";
        assert_eq!(
            choose(" M Bell ", &list, show, what, "enter them first"),
            Ok(2)
        );
        let e = choose("Ann", &list, show, what, "enter them first").unwrap_err();
        assert!(e.ambiguous);
        assert_eq!(
            e.message,
            "\"Ann\" matches more than one player in section U1600: #2 Ann Lee; #7 Anna Bellamy; type more of the name, or the pairing number"
        );
        let e = choose("Hanna Schmitt", &list, show, what, "enter them first").unwrap_err();
        assert_eq!(
            e.message,
            "no player in section U1600 is called \"Hanna Schmitt\"; did you mean #1 Hannah Schmidt?"
        );
        let e = choose("Zed", &list, show, what, "enter them first").unwrap_err();
        assert!(!e.ambiguous);
        assert_eq!(
            e.message,
            "no player in section U1600 is called \"Zed\"; enter them first"
        );
    }

    #[test]
    fn folding_and_distance() {
        assert_eq!(fold("  Núñez,  José-María "), "jose maria nunez");
        assert_eq!(fold("O'Brien"), "o brien");
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("same", "same"), 0);
    }
}
