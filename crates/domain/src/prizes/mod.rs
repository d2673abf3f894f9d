//! Prizes: who wins what from a section's prize list, once the last round
//! is in. Plain values in (the prize list, the players in standings order),
//! plain values out (payouts with their working); no database, no printing.
//!
//! # The rules (US Chess Official Rules, 7th ed., rule 32B)
//! - **One cash prize per player** (32B1): a player's money comes from one
//!   pool only. Each player belongs to one score group, and a score group
//!   pays each of its players from exactly one pool, so this holds by
//!   construction.
//! - **Ties share** (32B2, 32B3): players tied on score "bring in" the
//!   prizes they could win, at most one prize per player, and the sum is
//!   divided equally. The prizes brought in are the ones of greatest total
//!   value that can be matched to distinct players of the group who are
//!   eligible for them (place prizes: anybody; a class prize: its class),
//!   taking each line's prizes in order (3rd before 4th, 1st U1400 before
//!   2nd U1400). This is WinTD's published example: $300 + $200 overall and
//!   a $150 youth prize, four tied, one a youth: $650 / 4 = $162.50 each.
//! - **Unless a class does better alone** (32B3, "unless any of the winners
//!   would receive more money by winning or dividing only a particular
//!   prize for which others in the tie are ineligible"): when the players of
//!   a class, dividing only their class's next prizes among themselves,
//!   would each get more than the pooled share, they take those and leave
//!   the pool; the rest of the group pools again. (When two classes
//!   qualify, the one that gains most leaves first, then the group is
//!   pooled again.)
//! - **No more than the best prize alone** (32B3 as amended after the 2014
//!   printing: "No player may receive an amount greater from the division
//!   of those prizes than the largest prize for which he would be eligible
//!   if there were no tie"): a player's share is capped at the largest
//!   prize in the pool he is eligible for; what the cap holds back is
//!   divided among the others of the pool (again capped, until it fits).
//! - **Place or class, equal money** (our rule, where 32B is silent): a
//!   class's players leave the pool only when dividing their class prizes
//!   pays them strictly more; at equal money they stay in the pool (a place
//!   prize before a class prize).
//! - **Cents** (our rule): shares are paid in whole cents. When a pool does
//!   not divide evenly, the cents left over go one each to the players of
//!   the pool best on tiebreak, and the working says so.
//! - **Class by the event's rating**: eligibility uses the rating the entry
//!   has in this event (its rating at entry), never a later one. "Under R"
//!   means rated below R; an unrated player is eligible for place prizes
//!   and "unrated" prizes only (US Chess 32C's default when the
//!   announcement says nothing else).
//! - **Trophies and other indivisible prizes** (32B: they are not divided)
//!   go by tiebreak: in the order the prize list gives them, each to the
//!   best player in the standings who is eligible and holds no trophy yet.
//!   A trophy is in addition to any money.
//! - **Special prizes** (upset, best game) are awarded by hand to the
//!   player the secretary names; they are in addition to any money won in
//!   the standings and do not enter a pool (our rule; US Chess leaves
//!   special prizes to the announcement).
//!
//! # Other systems (for events not under US Chess rules)
//! - **Hort** (FIDE Handbook, the "Hort system" of prize sharing): of each
//!   prize of a tied group, half goes by tiebreak and the other half is
//!   pooled and shared equally among the tied players.
//! - **By tiebreak**: no sharing at all; the tied players are taken in
//!   tiebreak order, each winning the best prize of the group's pool he is
//!   eligible for.
//!
//! Prizes that nobody wins (more place prizes than players, a class with
//! no player) stay unawarded, with the reason.

use std::fmt;

use super::score::Points;

/// An amount of money, in cents.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(pub i64);

impl Money {
    /// Cents from a secretary's "$60", "60", "60.5" or "60.50"; `None` if
    /// the text is not an amount.
    pub fn parse(text: &str) -> Option<Money> {
        let t = text.trim().trim_start_matches('$').replace(',', "");
        let (whole, frac) = match t.split_once('.') {
            Some((w, f)) => (w.to_string(), f.to_string()),
            None => (t.clone(), String::new()),
        };
        if whole.is_empty() && frac.is_empty()
            || !whole.chars().all(|c| c.is_ascii_digit())
            || !frac.chars().all(|c| c.is_ascii_digit())
            || frac.len() > 2
            || whole.len() > 9
        {
            return None;
        }
        let w: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let f: i64 = match frac.len() {
            0 => 0,
            1 => frac.parse::<i64>().ok()? * 10,
            _ => frac.parse().ok()?,
        };
        Some(Money(w * 100 + f))
    }

    /// "40.00" style, for CSV and JSON-minded readers.
    pub fn decimal(self) -> String {
        format!("{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

impl fmt::Display for Money {
    /// "$40", or "$33.33" when there are cents.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 100 == 0 {
            write!(f, "${}", self.0 / 100)
        } else {
            write!(f, "${}.{:02}", self.0 / 100, self.0 % 100)
        }
    }
}

/// Who a class prize is for, by the rating the event used.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// Rated players with `min <= rating < below` (either bound may be open).
    Rated {
        /// The lowest rating allowed, if any.
        min: Option<u32>,
        /// The rating the class is below, if any.
        below: Option<u32>,
    },
    /// Unrated players only.
    Unrated,
}

impl Class {
    /// Whether a player with this event rating may win the class's prizes.
    pub fn admits(&self, rating: Option<u32>) -> bool {
        match (self, rating) {
            (Class::Unrated, r) => r.is_none(),
            (Class::Rated { .. }, None) => false,
            (Class::Rated { min, below }, Some(r)) => {
                min.is_none_or(|m| r >= m) && below.is_none_or(|b| r < b)
            }
        }
    }

    /// "U1400", "1400–1599", "1800+", "unrated".
    pub fn label(&self) -> String {
        match self {
            Class::Unrated => "unrated".into(),
            Class::Rated {
                min: None,
                below: Some(b),
            } => format!("U{b}"),
            Class::Rated {
                min: Some(m),
                below: None,
            } => format!("{m}+"),
            Class::Rated {
                min: Some(m),
                below: Some(b),
            } => format!("{m}–{}", b.saturating_sub(1)),
            Class::Rated {
                min: None,
                below: None,
            } => "rated".into(),
        }
    }

    /// Read "U1400", "under 1400", "1400-1599", "1800+", "unrated".
    pub fn parse(text: &str) -> Option<Class> {
        let t = text.trim().to_ascii_lowercase();
        if t == "unrated" {
            return Some(Class::Unrated);
        }
        let num = |s: &str| -> Option<u32> {
            let s = s.trim();
            (!s.is_empty() && s.len() <= 4 && s.chars().all(|c| c.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
        };
        if let Some(n) = t
            .strip_prefix("under")
            .or_else(|| t.strip_prefix('u'))
            .and_then(num)
        {
            return Some(Class::Rated {
                min: None,
                below: Some(n),
            });
        }
        if let Some(n) = t.strip_suffix('+').and_then(num) {
            return Some(Class::Rated {
                min: Some(n),
                below: None,
            });
        }
        let (a, b) = t.split_once(['-', '–'])?;
        let (a, b) = (num(a)?, num(b)?);
        (a <= b).then_some(Class::Rated {
            min: Some(a),
            below: Some(b + 1),
        })
    }
}

/// What a prize is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A place in the section's standings (`Prize::place`).
    Place,
    /// A place among the players of a class ("2nd U1400").
    Class(Class),
    /// Awarded by hand ("Best game", "Biggest upset"): the winner is the
    /// index of the player the secretary named, if named yet.
    Special {
        /// The prize's name ("Best game").
        name: String,
        /// The player it went to, once named.
        winner: Option<usize>,
    },
}

/// What a prize gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reward {
    /// Money, divisible among tied players.
    Cash(Money),
    /// A trophy, book, plaque: not divisible; goes by tiebreak.
    Item(String),
}

/// One prize of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prize {
    /// A place, a class place or a special prize.
    pub kind: Kind,
    /// The place (1 for "1st"), overall or within the class; 1 for a
    /// special prize.
    pub place: u32,
    /// Money or an item.
    pub reward: Reward,
}

impl Prize {
    /// "3rd", "1st U1400", "Best game".
    pub fn label(&self) -> String {
        match &self.kind {
            Kind::Place => ordinal(self.place),
            Kind::Class(c) => format!("{} {}", ordinal(self.place), c.label()),
            Kind::Special { name, .. } => name.clone(),
        }
    }

    /// The line of prizes this one is taken in order with: place prizes
    /// together, each class's prizes together.
    fn line(&self) -> Option<&Class> {
        match &self.kind {
            Kind::Class(c) => Some(c),
            _ => None,
        }
    }

    fn cash(&self) -> Option<Money> {
        match self.reward {
            Reward::Cash(m) => Some(m),
            Reward::Item(_) => None,
        }
    }

    fn admits(&self, rating: Option<u32>) -> bool {
        match &self.kind {
            Kind::Place => true,
            Kind::Class(c) => c.admits(rating),
            Kind::Special { .. } => false,
        }
    }
}

/// "1st", "2nd", "3rd", "11th", "22nd".
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// How tied players share.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Split {
    /// US Chess rule 32B: pooled and divided equally.
    #[default]
    Pooled,
    /// FIDE's Hort system: half by tiebreak, half shared.
    Hort,
    /// No sharing: tiebreak order decides.
    Tiebreak,
}

impl Split {
    /// Every way of sharing, in the order the help lists them.
    pub const ALL: [Split; 3] = [Split::Pooled, Split::Hort, Split::Tiebreak];

    /// The word stored and typed (`pooled`, `hort`, `tiebreak`).
    pub fn as_str(self) -> &'static str {
        match self {
            Split::Pooled => "pooled",
            Split::Hort => "hort",
            Split::Tiebreak => "tiebreak",
        }
    }
}

impl std::str::FromStr for Split {
    type Err = String;
    fn from_str(s: &str) -> Result<Split, String> {
        let t = s.trim().to_ascii_lowercase();
        Split::ALL
            .into_iter()
            .find(|x| x.as_str() == t)
            .ok_or_else(|| format!("prize split \"{s}\" is not one of pooled, hort, tiebreak"))
    }
}

/// A player of the section, as the standings rank them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contestant {
    /// The player's name.
    pub name: String,
    /// The rating the event used (rating at entry).
    pub rating: Option<u32>,
    /// The player's score.
    pub score: Points,
}

/// Prizes paid together: one prize alone, or a pool of tied players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payout {
    /// Indexes into the prize list.
    pub prizes: Vec<usize>,
    /// (contestant index, what the player gets), best on tiebreak first.
    pub winners: Vec<(usize, Reward)>,
    /// The working, in words: "3rd $60 + 4th $40 + 1st U1400 $20 pooled
    /// among 3 tied on 3½ = $40 each".
    pub working: String,
}

/// Everything a prize list gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Awards {
    /// Each prize or pool paid, best prize first.
    pub payouts: Vec<Payout>,
    /// (prize index, why nobody won it).
    pub unawarded: Vec<(usize, String)>,
}

impl Awards {
    /// The money contestant `c` wins, all payouts together.
    pub fn money_of(&self, c: usize) -> Money {
        Money(
            self.payouts
                .iter()
                .flat_map(|p| p.winners.iter())
                .filter(|(w, _)| *w == c)
                .map(|(_, r)| match r {
                    Reward::Cash(m) => m.0,
                    Reward::Item(_) => 0,
                })
                .sum(),
        )
    }
}

/// Award `prizes` to `players`, who are in standings order (best first,
/// ties broken by the event's tiebreaks), by the `split` rule. See the
/// module doc for every rule applied.
pub fn award(prizes: &[Prize], players: &[Contestant], split: Split) -> Awards {
    let mut out = Awards::default();
    let mut taken = vec![false; prizes.len()];
    // Cash, score group by score group.
    let mut start = 0;
    while start < players.len() {
        let mut end = start + 1;
        while end < players.len() && players[end].score == players[start].score {
            end += 1;
        }
        let group: Vec<usize> = (start..end).collect();
        award_group(prizes, players, &group, split, &mut taken, &mut out);
        start = end;
    }
    // Trophies and other items, by tiebreak.
    let mut has_item = vec![false; players.len()];
    for (i, p) in prizes.iter().enumerate() {
        if let (Reward::Item(item), false) = (&p.reward, matches!(p.kind, Kind::Special { .. })) {
            // Within a line, the nth item needs the players above it to be
            // served first: take the best eligible player without one.
            match (0..players.len()).find(|&c| !has_item[c] && p.admits(players[c].rating)) {
                Some(c) => {
                    has_item[c] = true;
                    taken[i] = true;
                    out.payouts.push(Payout {
                        prizes: vec![i],
                        winners: vec![(c, Reward::Item(item.clone()))],
                        working: format!(
                            "{} ({item}) to {}, the best {}on tiebreak without a trophy",
                            p.label(),
                            players[c].name,
                            match &p.kind {
                                Kind::Class(c) => format!("{} player ", c.label()),
                                _ => String::new(),
                            }
                        ),
                    });
                }
                None => out.unawarded.push((i, no_one(p))),
            }
        }
    }
    // Special prizes, as named.
    for (i, p) in prizes.iter().enumerate() {
        if let Kind::Special { winner, .. } = &p.kind {
            taken[i] = true;
            match winner.filter(|&w| w < players.len()) {
                Some(w) => out.payouts.push(Payout {
                    prizes: vec![i],
                    winners: vec![(w, p.reward.clone())],
                    working: format!(
                        "{} ({}) to {}, named by the secretary",
                        p.label(),
                        reward_words(&p.reward),
                        players[w].name
                    ),
                }),
                None => out.unawarded.push((i, "no winner named yet".into())),
            }
        }
    }
    for (i, p) in prizes.iter().enumerate() {
        if !taken[i] && p.cash().is_some() {
            out.unawarded.push((i, no_one(p)));
        }
    }
    out.unawarded.sort_by_key(|u| u.0);
    out
}

fn reward_words(r: &Reward) -> String {
    match r {
        Reward::Cash(m) => m.to_string(),
        Reward::Item(s) => s.clone(),
    }
}

fn no_one(p: &Prize) -> String {
    match &p.kind {
        Kind::Place => format!(
            "unawarded: fewer players than prizes reached {}",
            ordinal(p.place)
        ),
        Kind::Class(c) => format!("unawarded: no {} player was left to win it", c.label()),
        Kind::Special { .. } => "unawarded".into(),
    }
}

/// The cash prizes a set of players may bring in: for the place line and
/// each class line, its next untaken prizes, as many as players of the
/// group can take them.
fn candidates(
    prizes: &[Prize],
    players: &[Contestant],
    group: &[usize],
    taken: &[bool],
    only: Option<&Class>,
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut lines: Vec<Option<&Class>> = Vec::new();
    for p in prizes {
        if p.cash().is_some()
            && !matches!(p.kind, Kind::Special { .. })
            && !lines.contains(&p.line())
        {
            lines.push(p.line());
        }
    }
    for line in lines {
        if only.is_some() && line != only {
            continue;
        }
        let eligible = group
            .iter()
            .filter(|&&c| match line {
                None => true,
                Some(cl) => cl.admits(players[c].rating),
            })
            .count();
        let mut line_prizes: Vec<usize> = (0..prizes.len())
            .filter(|&i| {
                !taken[i]
                    && prizes[i].cash().is_some()
                    && !matches!(prizes[i].kind, Kind::Special { .. })
                    && prizes[i].line() == line
            })
            .collect();
        line_prizes.sort_by_key(|&i| (prizes[i].place, i));
        out.extend(line_prizes.into_iter().take(eligible));
    }
    out
}

/// Choose the prizes of greatest total value a group brings in: at most one
/// per player, each matched to a distinct eligible player, each line in
/// order. Greedy by value is optimal here (the sets that can be matched
/// form a transversal matroid); ties go to the prize listed first.
fn bring_in(
    prizes: &[Prize],
    players: &[Contestant],
    group: &[usize],
    cands: &[usize],
) -> Vec<usize> {
    let mut order = cands.to_vec();
    order.sort_by_key(|&i| (std::cmp::Reverse(prizes[i].cash().unwrap_or_default()), i));
    let mut chosen: Vec<usize> = Vec::new();
    for i in order {
        // A line's prizes in order: 4th only after 3rd.
        let earlier_missing = cands.iter().any(|&j| {
            j != i
                && prizes[j].line() == prizes[i].line()
                && (prizes[j].place, j) < (prizes[i].place, i)
                && !chosen.contains(&j)
        });
        if earlier_missing {
            continue;
        }
        let mut trial = chosen.clone();
        trial.push(i);
        if matchable(prizes, players, group, &trial) {
            chosen = trial;
        }
    }
    chosen
}

/// Whether every prize of `set` can go to a different eligible player of
/// `group` (augmenting paths; groups are small).
fn matchable(prizes: &[Prize], players: &[Contestant], group: &[usize], set: &[usize]) -> bool {
    let mut owner: Vec<Option<usize>> = vec![None; group.len()];
    fn augment(
        k: usize,
        set: &[usize],
        prizes: &[Prize],
        players: &[Contestant],
        group: &[usize],
        owner: &mut Vec<Option<usize>>,
        seen: &mut Vec<bool>,
    ) -> bool {
        for (g, &c) in group.iter().enumerate() {
            if seen[g] || !prizes[set[k]].admits(players[c].rating) {
                continue;
            }
            seen[g] = true;
            let free = match owner[g] {
                None => true,
                Some(other) => augment(other, set, prizes, players, group, owner, seen),
            };
            if free {
                owner[g] = Some(k);
                return true;
            }
        }
        false
    }
    (0..set.len()).all(|k| {
        let mut seen = vec![false; group.len()];
        augment(k, set, prizes, players, group, &mut owner, &mut seen)
    })
}

fn total(prizes: &[Prize], set: &[usize]) -> Money {
    Money(
        set.iter()
            .filter_map(|&i| prizes[i].cash())
            .map(|m| m.0)
            .sum(),
    )
}

/// Divide `sum` equally among `members` (tiebreak order), each capped at
/// `caps[k]`; returns the amounts and the players capped.
fn divide(sum: Money, caps: &[Money]) -> (Vec<Money>, Vec<usize>) {
    let n = caps.len();
    let mut amount = vec![Money(0); n];
    let mut capped: Vec<usize> = Vec::new();
    loop {
        let free: Vec<usize> = (0..n).filter(|k| !capped.contains(k)).collect();
        if free.is_empty() {
            break;
        }
        let rest = sum.0 - capped.iter().map(|&k| caps[k].0).sum::<i64>();
        let each = rest / free.len() as i64;
        let newly: Vec<usize> = free.iter().copied().filter(|&k| caps[k].0 < each).collect();
        if newly.is_empty() {
            let left = rest - each * free.len() as i64;
            for (j, &k) in free.iter().enumerate() {
                amount[k] = Money(each + i64::from((j as i64) < left));
            }
            break;
        }
        capped.extend(newly);
    }
    for &k in &capped {
        amount[k] = caps[k];
    }
    capped.sort_unstable();
    (amount, capped)
}

fn award_group(
    prizes: &[Prize],
    players: &[Contestant],
    group: &[usize],
    split: Split,
    taken: &mut [bool],
    out: &mut Awards,
) {
    let mut members: Vec<usize> = group.to_vec();
    // 32B3's exception: a class better off dividing only its own prizes.
    if split == Split::Pooled && members.len() > 1 {
        loop {
            let cands = candidates(prizes, players, &members, taken, None);
            let pool = bring_in(prizes, players, &members, &cands);
            if pool.is_empty() {
                break;
            }
            let share = total(prizes, &pool).0 / members.len() as i64;
            let mut best: Option<(i64, Class, Vec<usize>, Vec<usize>)> = None;
            for &i in &pool {
                let Some(class) = prizes[i].line() else {
                    continue;
                };
                let eligible: Vec<usize> = members
                    .iter()
                    .copied()
                    .filter(|&c| class.admits(players[c].rating))
                    .collect();
                if eligible.len() == members.len() {
                    continue;
                }
                let own = candidates(prizes, players, &eligible, taken, Some(class));
                let own_share = total(prizes, &own).0 / eligible.len() as i64;
                if own_share > share && best.as_ref().is_none_or(|b| own_share - share > b.0) {
                    best = Some((own_share - share, class.clone(), eligible, own));
                }
            }
            let Some((_, class, eligible, own)) = best else {
                break;
            };
            let note = format!(
                "dividing only the {} prizes pays more than the pool of all {} tied, {} / {} = {} (US Chess 32B3)",
                class.label(),
                members.len(),
                total(prizes, &pool),
                members.len(),
                Money(share)
            );
            pay(
                prizes,
                players,
                &eligible,
                &own,
                split,
                taken,
                out,
                Some(note),
            );
            members.retain(|c| !eligible.contains(c));
        }
    }
    let cands = candidates(prizes, players, &members, taken, None);
    let pool = bring_in(prizes, players, &members, &cands);
    if !pool.is_empty() {
        pay(prizes, players, &members, &pool, split, taken, out, None);
    }
}

#[allow(clippy::too_many_arguments)]
fn pay(
    prizes: &[Prize],
    players: &[Contestant],
    members: &[usize],
    pool: &[usize],
    split: Split,
    taken: &mut [bool],
    out: &mut Awards,
    note: Option<String>,
) {
    let mut pool = pool.to_vec();
    pool.sort_by_key(|&i| (prizes[i].line().is_some(), prizes[i].place, i));
    for &i in &pool {
        taken[i] = true;
    }
    let sum = total(prizes, &pool);
    let listed = pool
        .iter()
        .map(|&i| {
            format!(
                "{} {}",
                prizes[i].label(),
                prizes[i].cash().unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(" + ");
    let score = players[members[0]].score.fraction();
    let n = members.len();
    if n == 1 {
        let c = members[0];
        out.payouts.push(Payout {
            prizes: pool.clone(),
            winners: vec![(c, Reward::Cash(sum))],
            working: match note {
                Some(n) => format!("{listed} to {} ({score} points; {n})", players[c].name),
                None => format!("{listed} to {} ({score} points)", players[c].name),
            },
        });
        return;
    }
    let tie = Tie {
        prizes,
        players,
        members,
        pool: &pool,
        listed: &listed,
        score: &score,
    };
    let (amounts, working) = match split {
        Split::Pooled => tie.pooled(sum),
        Split::Tiebreak => (
            tie.by_tiebreak(),
            format!("{listed} among {n} tied on {score}, by tiebreak (no sharing)"),
        ),
        Split::Hort => tie.hort(),
    };
    let working = match note {
        Some(n) => format!("{working} ({n})"),
        None => working,
    };
    out.payouts.push(Payout {
        prizes: pool,
        winners: members
            .iter()
            .zip(amounts)
            .map(|(&c, m)| (c, Reward::Cash(m)))
            .collect(),
        working,
    });
}

/// Players tied for a pool of prizes, as [`pay`] divides it among them.
struct Tie<'a> {
    prizes: &'a [Prize],
    players: &'a [Contestant],
    /// The tied players, in tiebreak order.
    members: &'a [usize],
    /// The prizes they share.
    pool: &'a [usize],
    /// The prizes listed with their amounts, for the working.
    listed: &'a str,
    /// The tied score, for the working.
    score: &'a str,
}

impl Tie<'_> {
    /// Tiebreak and Hort: the tied players in tiebreak order each take the
    /// best prize of the pool they may win.
    fn by_tiebreak(&self) -> Vec<Money> {
        let (prizes, players) = (self.prizes, self.players);
        let mut left = self.pool.to_vec();
        left.sort_by_key(|&i| (std::cmp::Reverse(prizes[i].cash().unwrap_or_default()), i));
        self.members
            .iter()
            .map(|&c| {
                match left
                    .iter()
                    .position(|&i| prizes[i].admits(players[c].rating))
                {
                    Some(k) => prizes[left.remove(k)].cash().unwrap_or_default(),
                    None => Money(0),
                }
            })
            .collect()
    }

    /// The pool's `sum` shared equally, no player getting more than the
    /// largest prize they could win alone (US Chess 32B3); the cents left
    /// over go to the best on tiebreak.
    fn pooled(&self, sum: Money) -> (Vec<Money>, String) {
        let (prizes, players, members) = (self.prizes, self.players, self.members);
        let (listed, score, n) = (self.listed, self.score, members.len());
        let caps: Vec<Money> = members
            .iter()
            .map(|&c| {
                self.pool
                    .iter()
                    .filter(|&&i| prizes[i].admits(players[c].rating))
                    .filter_map(|&i| prizes[i].cash())
                    .max()
                    .unwrap_or_default()
            })
            .collect();
        let (amounts, capped) = divide(sum, &caps);
        let mut w = format!("{listed} pooled among {n} tied on {score}: {sum} / {n}");
        if capped.is_empty() {
            let each = Money(sum.0 / n as i64);
            w.push_str(&format!(" = {each} each"));
            let left = sum.0 - each.0 * n as i64;
            if left > 0 {
                let who: Vec<&str> = members[..left as usize]
                    .iter()
                    .map(|&c| players[c].name.as_str())
                    .collect();
                w.push_str(&if left == 1 {
                    format!(
                        "; the 1 cent left over goes to {} (best on tiebreak)",
                        who[0]
                    )
                } else {
                    format!(
                        "; the {left} cents left over go one each to {} (best on tiebreak)",
                        who.join(", ")
                    )
                });
            }
        } else {
            for &k in &capped {
                w.push_str(&format!(
                    "; {} gets {}, the largest prize here {} could win alone (US Chess 32B3)",
                    players[members[k]].name, caps[k], players[members[k]].name
                ));
            }
            w.push_str("; the rest is divided among the others");
        }
        (amounts, w)
    }

    /// The Hort system: half of each prize by tiebreak, the other half
    /// shared equally.
    fn hort(&self) -> (Vec<Money>, String) {
        let (listed, score, n) = (self.listed, self.score, self.members.len());
        let own = self.by_tiebreak();
        let halves: Vec<i64> = own.iter().map(|m| m.0 / 2).collect();
        let shared: i64 = halves.iter().sum();
        let each = shared / n as i64;
        let left = shared - each * n as i64;
        let amounts = own
            .iter()
            .zip(&halves)
            .enumerate()
            .map(|(k, (m, h))| Money(m.0 - h + each + i64::from((k as i64) < left)))
            .collect();
        (
            amounts,
            format!(
                "{listed} among {n} tied on {score}, Hort system: half of each prize by tiebreak, the other half ({}) shared = {} each{}",
                Money(shared),
                Money(each),
                if left > 0 {
                    format!("; {left} cent(s) left over to the best on tiebreak")
                } else {
                    String::new()
                }
            ),
        )
    }
}

#[cfg(test)]
mod tests;
