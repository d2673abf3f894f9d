//! A player's career totals over the board, for the top of their page.

use crate::domain::score::Points;

/// "Over the board: 5 games, 2 wins, 2 draws, 1 loss; 3 points of 5
/// (60.0%). Forfeits and byes do not count." — empty with no game.
pub fn line(points: impl Iterator<Item = Points>) -> String {
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    for p in points {
        match p.halves() {
            2 => wins += 1,
            1 => draws += 1,
            _ => losses += 1,
        }
    }
    let games = wins + draws + losses;
    if games == 0 {
        return String::new();
    }
    let halves = 2 * wins + draws;
    let score = Points(halves as i32).fraction();
    // Tenths of a per cent, rounded half up, in integers.
    let tenths = (halves as u64 * 1000 + games as u64) / (2 * games as u64);
    let plural = |n: u32, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "Over the board: {}, {}, {}, {}; {score} {} of {games} ({}.{}%). Forfeits and byes do not count.",
        plural(games, "game", "games"),
        plural(wins, "win", "wins"),
        plural(draws, "draw", "draws"),
        plural(losses, "loss", "losses"),
        if halves == 1 || halves == 2 { "point" } else { "points" },
        tenths / 10,
        tenths % 10
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_count_wins_draws_losses_and_the_percentage() {
        let games = [Points(2), Points(2), Points(1), Points(0), Points(1)];
        assert_eq!(
            line(games.into_iter()),
            "Over the board: 5 games, 2 wins, 2 draws, 1 loss; 3 points of 5 (60.0%). Forfeits and byes do not count."
        );
        // 2 of 3 = 66.67% → 66.7%.
        assert!(
            line([Points(2), Points(2), Points(0)].into_iter()).contains("2 points of 3 (66.7%)")
        );
        assert!(line([Points(1)].into_iter())
            .starts_with("Over the board: 1 game, 0 wins, 1 draw, 0 losses; ½ point of 1 (50.0%)"));
        assert_eq!(line(std::iter::empty()), "");
    }
}
