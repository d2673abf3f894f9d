//! The `league` binary: parse the command line, run it, print any error once
//! in the secretary's words, and exit non-zero on failure.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = chess_league::cli::Cli::parse_args();
    match chess_league::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A name stored before control characters were refused may be
            // in the message: escaped, never sent to the terminal as is.
            let text = e.to_string();
            let text = chess_league::domain::text::escape_controls_except(&text, &['\n', '\t']);
            eprintln!("league: {text}");
            ExitCode::from(chess_league::cli::exit_code(&e))
        }
    }
}
