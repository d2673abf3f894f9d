//! What the secretary reads, under review: the `--help` of `league` and of
//! every subcommand, and the errors a secretary meets most, are snapshots
//! (insta) kept in `tests/suite/snapshots/`. A change of wording fails here
//! until the new text is reviewed and its snapshot accepted
//! (`cargo insta review`, or `INSTA_UPDATE=always cargo test` and reading
//! the diff), so help and errors never change by accident. Under `CI=1`
//! insta writes nothing and a missing snapshot fails.
//!
//! Each error is produced through [`TestLeague::fails`], so it also proves
//! the refused command left the database as it was; the snapshot holds the
//! exit code and standard error, with the test's folder written `[DIR]`.

use std::process::Command;

use clap::CommandFactory;

use crate::util::TestLeague;

/// Every command path of `league` (`[]`, `["round"]`, `["round", "record"]`,
/// ...), from the command tree the binary parses with, without clap's own
/// `help` subcommands.
fn command_paths() -> Vec<Vec<String>> {
    fn walk(cmd: &clap::Command, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(path.clone());
        for sub in cmd.get_subcommands() {
            if sub.get_name() == "help" {
                continue;
            }
            path.push(sub.get_name().to_string());
            walk(sub, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    let mut cmd = chess_league::cli::Cli::command();
    cmd.build();
    walk(&cmd, &mut Vec::new(), &mut out);
    out
}

/// `league PATH... --help` as the binary prints it, with no `LEAGUE_*`
/// variable set (clap shows an environment variable's value in the help).
fn help(path: &[String]) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_league"));
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("LEAGUE_") {
            cmd.env_remove(name);
        }
    }
    let out = cmd.args(path).arg("--help").output().expect("run league");
    assert!(
        out.status.success(),
        "league {path:?} --help failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "league {path:?} --help wrote to stderr"
    );
    String::from_utf8(out.stdout).expect("help is UTF-8")
}

#[test]
fn help_of_every_command() {
    let paths = command_paths();
    // The tree really was walked: the top level and nested subcommands.
    assert!(paths.len() > 40, "only {} commands found", paths.len());
    assert!(paths.contains(&vec!["round".to_string(), "record".to_string()]));
    let mut names = Vec::new();
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        for path in &paths {
            let name = std::iter::once("help_league")
                .chain(path.iter().map(String::as_str))
                .collect::<Vec<_>>()
                .join("_");
            let shown = format!("league {}", path.join(" "));
            insta::assert_snapshot!(name.clone(), help(path), shown.trim_end());
            names.push(format!("{name}.snap"));
        }
    });
    // No snapshot is left of a command that is gone.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/suite/snapshots");
    let kept: Vec<String> = std::fs::read_dir(dir)
        .expect("the snapshots folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("help_league") && n.ends_with(".snap"))
        .collect();
    let orphans: Vec<&String> = kept.iter().filter(|k| !names.contains(k)).collect();
    assert!(
        orphans.is_empty(),
        "help snapshots of no command (delete them): {orphans:?}"
    );
}

/// A refused command's exit code and message, checked by
/// [`TestLeague::fails`] (non-zero exit, database unchanged), with the
/// test's folder written `[DIR]`.
fn error(t: &TestLeague, args: &[&str]) -> String {
    let r = t.fails(args, "league: ");
    let dir = t.dir.path().to_string_lossy().into_owned();
    format!(
        "exit code: {}\n{}",
        r.code.map_or("none".into(), |c| c.to_string()),
        r.stderr.replace(&dir, "[DIR]")
    )
}

/// Snapshot `league ARGS...`'s refusal as `error_NAME`.
#[track_caller]
fn assert_error(name: &str, t: &TestLeague, args: &[&str]) {
    let text = error(t, args);
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!(
            format!("error_{name}"),
            text,
            &format!("league {}", args.join(" "))
        )
    });
}

const SECTION: [&str; 4] = ["--event", "Winter Swiss", "--section", "1600+"];

/// `head`, the small league's section 1600+ and `tail`.
fn with_section<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter()
        .chain(SECTION.iter())
        .chain(tail.iter())
        .copied()
        .collect()
}

#[test]
fn errors_about_the_database_file() {
    let t = TestLeague::new();
    assert_error("no_database", &t, &["player", "add", "Zed"]);
    t.write("league.db", "season,name\n2022-23,Winter\n");
    assert_error("not_a_league_database", &t, &["season", "list"]);
}

#[test]
fn errors_naming_events_sections_and_players() {
    let t = TestLeague::small();
    assert_error(
        "unknown_event",
        &t,
        &["standings", "--event", "Summer Swiss"],
    );
    assert_error(
        "unknown_section",
        &t,
        &["standings", "--event", "Winter Swiss", "--section", "U1200"],
    );
    assert_error(
        "section_needed",
        &t,
        &["round", "show", "--event", "Winter Swiss"],
    );
    assert_error("unknown_player", &t, &["history", "player", "Nobody"]);
    assert_error("season_twice", &t, &["season", "add", "2022-23"]);
    t.ok(&["player", "add", "Alice Smyth", "--rating", "1600"]);
    t.ok(&[
        "enter",
        "Alice Smyth",
        "--event",
        "Winter Swiss",
        "--section",
        "1600+",
    ]);
    assert_error(
        "ambiguous_player",
        &t,
        &with_section(
            &["game", "add", "Alice Sm", "Bob", "1-0"],
            &["--round", "1"],
        ),
    );
}

#[test]
fn errors_in_a_round_sheet() {
    let t = TestLeague::small();
    let record = |file: &'static str, round: &'static str| {
        with_section(&["round", "record"], &["--round", round, file])
    };
    t.write("unknown.csv", "1,Alice,Zed Nobody,1-0\n");
    assert_error("sheet_unknown_player", &t, &record("unknown.csv", "1"));
    t.write("result.csv", "1,Alice,Bob,1-0\n2,Carol,Dan,2-0\n");
    assert_error("sheet_bad_result", &t, &record("result.csv", "1"));
    t.write("twice.csv", "1,Alice,Bob,1-0\n2,Carol,Alice,0-1\n");
    assert_error("sheet_player_twice", &t, &record("twice.csv", "1"));
    t.write("sections.csv", "1,Alice,Gina Low,1-0\n");
    assert_error("sheet_other_section", &t, &record("sections.csv", "1"));
    t.write("r6.csv", "1,Alice,Bob,1-0\n");
    assert_error("sheet_round_beyond_the_event", &t, &record("r6.csv", "6"));
    assert_error("sheet_missing_file", &t, &record("nowhere.csv", "1"));
}

#[test]
fn errors_recording_games_and_byes() {
    let t = TestLeague::small();
    t.ok(&with_section(
        &["game", "add", "Carol", "Dan", "1-0"],
        &["--round", "1"],
    ));
    t.ok(&with_section(
        &["bye", "add", "Eve"],
        &["--round", "1", "--kind", "half"],
    ));
    assert_error(
        "result_already_recorded",
        &t,
        &with_section(&["game", "result", "Carol", "0-1"], &["--round", "1"]),
    );
    assert_error(
        "bye_already_recorded",
        &t,
        &with_section(&["bye", "add", "Eve"], &["--round", "1", "--kind", "zero"]),
    );
    assert_error(
        "bye_for_a_paired_player",
        &t,
        &with_section(&["bye", "add", "Dan"], &["--round", "1", "--kind", "half"]),
    );
    assert_error(
        "result_not_understood",
        &t,
        &with_section(&["game", "add", "Alice", "Bob", "win"], &["--round", "1"]),
    );
}

#[test]
fn errors_pairing_a_round() {
    let t = TestLeague::small();
    t.ok(&with_section(&["round", "pair"], &[]));
    assert_error(
        "pair_before_the_results",
        &t,
        &with_section(&["round", "pair"], &[]),
    );
}

#[test]
fn errors_in_a_trf_file() {
    let t = TestLeague::new();
    t.ok(&["--create", "season", "add", "archive"]);
    let good = std::fs::read_to_string(format!(
        "{}/trf/fide-exercise-2023.trf",
        env!("LEAGUE_TEST_DATA")
    ))
    .expect("the exercise file");
    // Player lines cut short after the rating.
    let truncated: String = good
        .lines()
        .take(6)
        .map(|l| format!("{}\n", &l[..l.len().min(40)]))
        .collect();
    t.write("cut.trf", truncated);
    assert_error(
        "trf_bad_line",
        &t,
        &["import", "trf", "cut.trf", "--season", "archive"],
    );
    // An opponent who is not in the file.
    t.write(
        "opponent.trf",
        good.replacen("    9 w 1    13 b =", "   99 w 1    13 b =", 1),
    );
    assert_error(
        "trf_unknown_opponent",
        &t,
        &["import", "trf", "opponent.trf", "--season", "archive"],
    );
}
