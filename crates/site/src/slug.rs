//! Readable, stable file names for the site's pages: "Winter Swiss" and
//! "U1600" become `winter-swiss-u1600`, accented and non-Latin names are
//! transliterated ("José Núñez" becomes `jose-nunez`, "Иван Петров"
//! `ivan-petrov`, through the `deunicode` tables), and a second page that would get the
//! same name gets `-2`, `-3`... in the order pages are named (which follows
//! the database's ids, so names stay the same from one run to the next).

use std::collections::HashSet;

/// The longest slug, so very long names still give usable file names.
const MAX_LEN: usize = 60;

/// The text transliterated to ASCII, then lower-case letters and digits,
/// everything else one hyphen; empty when nothing is left (only symbols),
/// so callers supply a fallback.
pub fn slugify(text: &str) -> String {
    let ascii = deunicode::deunicode(text);
    let mut out = String::new();
    let mut hyphen = false;
    for c in ascii.chars() {
        if c.is_ascii_alphanumeric() {
            if hyphen && !out.is_empty() {
                out.push('-');
            }
            hyphen = false;
            out.push(c.to_ascii_lowercase());
            if out.len() >= MAX_LEN {
                break;
            }
        } else {
            hyphen = true;
        }
    }
    out
}

/// Hands out unique slugs within one folder.
#[derive(Default)]
pub struct Slugs {
    taken: HashSet<String>,
}

impl Slugs {
    /// A namespace where `reserved` names are never handed out.
    pub fn reserving(reserved: &[&str]) -> Slugs {
        Slugs {
            taken: reserved.iter().map(|s| s.to_string()).collect(),
        }
    }

    /// A unique slug for `text`, or for `fallback` when `text` has no
    /// letters or digits even transliterated.
    pub fn assign(&mut self, text: &str, fallback: &str) -> String {
        let mut base = slugify(text);
        if base.is_empty() {
            base = slugify(fallback);
        }
        if base.is_empty() {
            base = "page".into();
        }
        let mut candidate = base.clone();
        let mut n = 2;
        while self.taken.contains(&candidate) {
            candidate = format!("{base}-{n}");
            n += 1;
        }
        self.taken.insert(candidate.clone());
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_lower_case_words_joined_by_hyphens() {
        assert_eq!(slugify("Winter Swiss"), "winter-swiss");
        assert_eq!(slugify("  O'Neill, Ann  "), "o-neill-ann");
        assert_eq!(slugify("1600+"), "1600");
        assert_eq!(
            slugify("<script>alert(1)</script>"),
            "script-alert-1-script"
        );
        assert_eq!(slugify("José Núñez"), "jose-nunez");
        assert_eq!(slugify("Zoë O’Brien"), "zoe-o-brien");
        assert_eq!(slugify("Иван Петров"), "ivan-petrov");
        assert_eq!(slugify("李雷"), "li-lei");
        assert_eq!(slugify("¿¡ — !?"), "");
        assert_eq!(slugify(&"a".repeat(500)).len(), MAX_LEN);
    }

    #[test]
    fn collisions_get_numbers_and_fallbacks_are_used() {
        let mut s = Slugs::reserving(&["index"]);
        assert_eq!(s.assign("Index", "x"), "index-2");
        assert_eq!(s.assign("Ann Lee", "p1"), "ann-lee");
        assert_eq!(s.assign("ann  lee", "p2"), "ann-lee-2");
        assert_eq!(s.assign("Ann-Lee", "p3"), "ann-lee-3");
        assert_eq!(s.assign("李雷", "player-7"), "li-lei");
        assert_eq!(s.assign("¿¡ — !?", "player-8"), "player-8");
        assert_eq!(s.assign("", ""), "page");
    }
}
