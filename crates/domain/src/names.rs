//! Finding a player (or team) from what a secretary typed: the one rule
//! every command uses, so "Ann" never finds Hannah Schmidt; and the one
//! wording ([`Wanted`]) of "not found", "did you mean" and "matches more
//! than one" for players, entries, teams, seasons, events and sections
//! alike. Seasons, events and sections must be named exactly (any case);
//! when one is not, the names these rules would have found are offered.
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
    /// Nothing matches.
    Nothing {
        /// The closest names, best first (at most three), so a typo gets
        /// "did you mean" rather than a bare refusal.
        closest: Vec<T>,
    },
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

/// The key that puts names in a list by surname, as a club's lists and the
/// site's player directory are: the last word of the name, then the given
/// names, transliterated and in lower case ("Ólafur Jónsson" sorts as
/// "jonsson" then "olafur").
pub fn surname_key(name: &str) -> String {
    let name = name.trim();
    let (given, surname) = match name.rsplit_once(' ') {
        Some((g, s)) if !g.trim().is_empty() => (g.trim(), s),
        _ => ("", name),
    };
    format!(
        "{}\u{0}{}",
        deunicode::deunicode(surname).to_lowercase(),
        deunicode::deunicode(given).to_lowercase()
    )
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
    /// false when none did. The error type turns the first into "invalid"
    /// and the second into "not found": both exit with status 2, but a
    /// script can tell a typo from a name that needs more words.
    pub ambiguous: bool,
    /// The whole message, ready to print.
    pub message: String,
    /// True when the message ends with the facts alone (no name was close
    /// enough to offer, and no hint was given): a front end may add its
    /// own way on (the command that adds one).
    pub open: bool,
}

/// What the secretary was asked to name, as every "not found" and "matches
/// more than one" message says it. Players, entries, teams, seasons,
/// events and sections are all looked up through one of these, so the
/// league speaks of a missing season in the same words as of a missing
/// player.
#[derive(Debug, Clone, Copy)]
pub struct Wanted<'a> {
    /// The kind of thing and where it was looked for: "player in section
    /// U1600", "team of Spring Open", "season".
    pub what: &'a str,
    /// How to say more when a name matches several: "type more of the
    /// name, or the pairing number". Empty says nothing more.
    pub more: &'a str,
    /// What to say when nothing is even close: the ones there are
    /// ("seasons: 2024-25, 2025-26"), or that there are none yet. Empty
    /// says nothing more.
    pub hint: &'a str,
}

impl Wanted<'_> {
    /// Find `typed` among `candidates` (each a value and its name): first a
    /// candidate that `exact` accepts (a pairing number, a short code, an
    /// id: what the secretary may type instead of a name), then by the
    /// name rules of this module. Several exact matches are as ambiguous
    /// as several names.
    pub fn choose<T: Clone>(
        &self,
        typed: &str,
        candidates: &[(T, &str)],
        exact: impl Fn(&T) -> bool,
        describe: impl Fn(&T) -> String,
    ) -> Result<T, NameError> {
        let typed = typed.trim();
        let exactly: Vec<T> = candidates
            .iter()
            .filter(|(v, _)| exact(v))
            .map(|(v, _)| v.clone())
            .collect();
        let found = match exactly.len() {
            0 => find(typed, candidates),
            1 => Found::One(exactly.into_iter().next().expect("one")),
            _ => Found::Several(exactly),
        };
        match found {
            Found::One(v) => Ok(v),
            Found::Several(list) => Err(self.several(typed, &list, &describe)),
            Found::Nothing { closest } => Err(self.nothing(typed, &closest, &describe)),
        }
    }

    /// The message for a name that must match exactly (a season, an event,
    /// a section) and matched nothing: the names the rules of this module
    /// would have found, or the closest, are offered as "did you mean".
    pub fn not_found<T: Clone>(
        &self,
        typed: &str,
        candidates: &[(T, &str)],
        describe: impl Fn(&T) -> String,
    ) -> NameError {
        let typed = typed.trim();
        let closest = match find(typed, candidates) {
            Found::One(v) => vec![v],
            Found::Several(list) => list,
            Found::Nothing { closest } => closest,
        };
        self.nothing(typed, &closest, &describe)
    }

    /// The one wording of "several match": the candidates, and how to say
    /// which.
    pub fn several<T>(
        &self,
        typed: &str,
        list: &[T],
        describe: impl Fn(&T) -> String,
    ) -> NameError {
        let listed = list.iter().map(describe).collect::<Vec<_>>().join("; ");
        NameError {
            ambiguous: true,
            open: self.more.is_empty(),
            message: if self.more.is_empty() {
                format!("\"{typed}\" matches more than one {}: {listed}", self.what)
            } else {
                format!(
                    "\"{typed}\" matches more than one {}: {listed}; {}",
                    self.what, self.more
                )
            },
        }
    }

    /// The one wording of "nothing matches": the closest names when there
    /// are any, else the hint.
    fn nothing<T>(&self, typed: &str, closest: &[T], describe: impl Fn(&T) -> String) -> NameError {
        let head = format!("no {} is called \"{typed}\"", self.what);
        NameError {
            ambiguous: false,
            open: closest.is_empty() && self.hint.is_empty(),
            message: if !closest.is_empty() {
                format!(
                    "{head}; did you mean {}?",
                    closest
                        .iter()
                        .map(describe)
                        .collect::<Vec<_>>()
                        .join(" or ")
                )
            } else if self.hint.is_empty() {
                head
            } else {
                format!("{head}; {}", self.hint)
            },
        }
    }
}

/// The entry of a section that `typed` names, given each entry's pairing
/// number and name (`entries[i]` is entry i): a pairing number ("7" or
/// "#7") first, then a name by the rules of this module. Returns the index.
/// `what` says where ("player in section U1600"), `hint` what to do when
/// nobody is close.
pub fn find_entry(
    entries: &[(u32, &str)],
    typed: &str,
    what: &str,
    hint: &str,
) -> Result<usize, NameError> {
    let number = pairing_number(typed);
    let named: Vec<(usize, &str)> = entries
        .iter()
        .enumerate()
        .map(|(i, &(_, name))| (i, name))
        .collect();
    Wanted {
        what,
        more: "type more of the name, or the pairing number",
        hint,
    }
    .choose(
        typed,
        &named,
        |&i| Some(entries[i].0) == number,
        |&i| format!("#{} {}", entries[i].0, entries[i].1),
    )
}

/// The pairing number typed as "7" or "#7", if the text is one.
pub fn pairing_number(typed: &str) -> Option<u32> {
    let t = typed.trim();
    t.strip_prefix('#').unwrap_or(t).parse().ok()
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
        let wanted = Wanted {
            what: "player in section U1600",
            more: "type more of the name, or the pairing number",
            hint: "enter them first",
        };
        let none = |_: &usize| false;
        assert_eq!(wanted.choose(" M Bell ", &list, none, show), Ok(2));
        let e = wanted.choose("Ann", &list, none, show).unwrap_err();
        assert!(e.ambiguous);
        assert_eq!(
            e.message,
            "\"Ann\" matches more than one player in section U1600: #2 Ann Lee; #7 Anna Bellamy; type more of the name, or the pairing number"
        );
        let e = wanted
            .choose("Hanna Schmitt", &list, none, show)
            .unwrap_err();
        assert_eq!(
            e.message,
            "no player in section U1600 is called \"Hanna Schmitt\"; did you mean #1 Hannah Schmidt?"
        );
        let e = wanted.choose("Zed", &list, none, show).unwrap_err();
        assert!(!e.ambiguous);
        assert_eq!(
            e.message,
            "no player in section U1600 is called \"Zed\"; enter them first"
        );
    }

    #[test]
    fn an_exact_key_wins_over_names() {
        let list = names();
        let show = |i: &usize| list[*i].1.to_string();
        let wanted = Wanted {
            what: "player",
            more: "",
            hint: "",
        };
        // "Bell" is a prefix of two names, but candidate 6's key is "Bell".
        assert_eq!(wanted.choose("Bell", &list, |&i| i == 6, show), Ok(6));
        let e = wanted.choose("Bell", &list, |&i| i > 4, show).unwrap_err();
        assert_eq!(
            e.message,
            "\"Bell\" matches more than one player: Пётр Иванов; Anna Bellamy"
        );
    }

    #[test]
    fn an_exact_only_name_offers_what_the_rules_would_find() {
        let list = vec![(0, "Spring Open"), (1, "Autumn Swiss")];
        let wanted = Wanted {
            what: "event",
            more: "",
            hint: "events: Spring Open, Autumn Swiss",
        };
        let show = |i: &usize| list[*i].1.to_string();
        assert_eq!(
            wanted.not_found("spring", &list, show).message,
            "no event is called \"spring\"; did you mean Spring Open?"
        );
        assert_eq!(
            wanted.not_found("Winter", &list, show).message,
            "no event is called \"Winter\"; events: Spring Open, Autumn Swiss"
        );
    }

    #[test]
    fn an_entry_is_found_by_pairing_number_first() {
        let entries = [(1, "Ann Lee"), (2, "7 Seas"), (7, "Bo Ek")];
        assert_eq!(find_entry(&entries, "#7", "player", ""), Ok(2));
        assert_eq!(find_entry(&entries, " 7 ", "player", ""), Ok(2));
        assert_eq!(find_entry(&entries, "ann", "player", ""), Ok(0));
        assert_eq!(
            find_entry(&entries, "9", "player in section Open", "")
                .unwrap_err()
                .message,
            "no player in section Open is called \"9\""
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
