//! The CLI's words for the ways on that the store and the domain leave to
//! their front end ([`Way`]): the command or the flag that puts a problem
//! right. The facts are the store's; what to type is the CLI's.

use crate::error::Way;

/// The CLI's hint for `way`, placed after the facts as it is (so it starts
/// with its own separator).
pub fn hint(way: &Way) -> String {
    match way {
        Way::DatabasePath => "; check the --db path".into(),
        Way::DatabasePathAside => " (check the --db path)".into(),
        Way::DatabasePathReadable => "; check the --db path and that you may read the file".into(),
        Way::MissingDatabase => "; check --db (or LEAGUE_DB), or start a new league with \
             `league season add NAME` (or add --create to this command)"
            .into(),
        Way::RestoreElsewhere => {
            "; check the --db path, or restore into a new file with --db NEW-FILE".into()
        }
        Way::CopyElsewhere => " and use --db".into(),
        Way::ReadOnlyFile { name } => format!(
            ". If it is the league's database, make it writable (for example `chmod u+w {name}`); \
             a read-only backup can still be checked (`league check`), copied (`league backup`) \
             or brought back into a writable database (`league restore`)"
        ),
        Way::ReadOnlySideFile { names } => {
            format!("; make both writable (for example `chmod u+w {names}`) and run the command again")
        }
        Way::FreeSpace => "; free some space and run the command again".into(),
        Way::FreeSpaceForFile => ". Free some space and run the command again".into(),
        Way::WaitForOther => "; wait for it to finish and run the command again".into(),
        Way::DiskError => "; check that the disk is not full (or over your quota) and is still \
             connected, then run the command again"
            .into(),
        Way::DiskErrorOnRead => {
            "; check that the disk is still connected and not full, then run the command again"
                .into()
        }
        Way::Damaged => ". Run `league check` to see what is wrong; to go back to your latest \
             backup use `league restore BACKUP` (restore keeps the damaged file as a copy)"
            .into(),
        Way::ReadACopy => {
            ", or have the secretary copy the league with `league backup COPY.db` and read the copy"
                .into()
        }
        Way::RunCheck => ": run `league check`".into(),
        Way::CopyFailedCheck => ". Run `league check`, and keep your earlier backups".into(),
        Way::RestoreAgain => "; run `league restore` again and then `league check`".into(),
        Way::BackupPath => "; give the path of a backup made with `league backup`".into(),
        Way::BackupPathAside => " (give the path of a backup file made with `league backup`)".into(),
        Way::RestoreBackup => ". Restore a backup (`league restore BACKUP`)".into(),
        Way::RepairSchema => "; restoring a backup (`league restore BACKUP`) puts it right".into(),
        Way::QueryTimeout => {
            "; give it more time with --timeout SECONDS (0 for no limit), or narrow it (a WHERE, a LIMIT)"
                .into()
        }
        Way::QueryReadsOnly => "; league sql only reads: give one SELECT (or WITH ... SELECT) \
             query; to change records use the league commands, which keep the log"
            .into(),
        Way::ReplaceFile => ", or add --force to replace it".into(),
        Way::NeverReplaced => ", even with --force".into(),
        Way::OutputFolder => " with --out".into(),
        Way::AddSeason => ": add one with `league season add NAME`".into(),
        Way::AddEvent => ": add one with `league event add`".into(),
        Way::SaySeason => "; say which with --season".into(),
        Way::AddPlayer => "; add them with `league player add`".into(),
        Way::EnterPlayer => "; enter them first with `league enter`".into(),
        Way::AddSection => "; add one with `league section add`".into(),
        Way::AddTeams { event } => {
            format!("; add them with `league team add NAME --event \"{event}\"`")
        }
        Way::RecordMatches => ": record its matches with `league match record` and team byes \
             with `league match bye`"
            .into(),
        Way::AddTeamEvent => " (league event add NAME --kind team-swiss)".into(),
    }
}
