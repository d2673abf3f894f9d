//! The `league` binary: parse the command line, run it, print any error once
//! in the secretary's words, and exit non-zero on failure.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = chess_league::cli::Cli::parse_args();
    match chess_league::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("league: {e}");
            ExitCode::from(chess_league::cli::exit_code(&e))
        }
    }
}
