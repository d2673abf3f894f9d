//! The console's words for the ways on that the store leaves to its front
//! end ([`Way`]) when the database file itself fails (a full disk, a file
//! another program holds, a read-only or damaged file), when a backup or
//! the results site cannot be written, or when the store needs the
//! secretary to put the file right. The CLI names a command to run again;
//! a page says what to do on the computer running the server, and to try
//! again. Matched on the typed way, never on the message's words.

use crate::error::Way;

/// The console's hint for `way`, placed after the facts as it is (so it
/// starts with its own separator); `None` where the facts say enough on a
/// page: the ways of set-up, import and team pages (an event, a player, a
/// round to add) have the page's own hints and links, and the ways of the
/// terminal's own commands (a query, an output file's name, a restore's
/// path) are never met by a console page.
pub fn hint(way: &Way) -> Option<String> {
    file_hint(way)
        .or_else(|| repair_hint(way))
        .map(str::to_string)
}

/// The database file, a backup or the site could not be written or read.
fn file_hint(way: &Way) -> Option<&'static str> {
    Some(match way {
        Way::FreeSpace => {
            "; free some disk space on the computer running the server, then try again"
        }
        Way::FreeSpaceForFile => {
            ". Free some disk space on the computer running the server, then try again"
        }
        Way::WaitForOther => "; try again in a moment, once it has finished",
        Way::ReadOnlyFile { .. } => {
            "; make the file writable on the computer running the server, then try again"
        }
        Way::ReadOnlySideFile { .. } => {
            "; make both files writable on the computer running the server, then try again"
        }
        Way::DiskError => {
            "; check that the server's disk is not full and is still connected, then try again"
        }
        Way::DiskErrorOnRead => {
            "; check that the server's disk is still connected and not full, then load the page again"
        }
        Way::CopyElsewhere => ", and serve the copy",
        Way::ReadACopy => ", or serve a copy of the file that this user may read",
        _ => return None,
    })
}

/// The file is damaged, or a backup or restore did not take: what the
/// secretary does on the computer running the server (the console has no
/// button that repairs a file).
fn repair_hint(way: &Way) -> Option<&'static str> {
    Some(match way {
        Way::Damaged => {
            ". Stop the server and have the file checked on the computer running it; to go back \
             to the latest backup (the Publish page's backups folder), restore it there, which keeps \
             the damaged file as a copy"
        }
        Way::RunCheck => {
            ": stop recording, and have the league's file checked on the computer running the server"
        }
        Way::CopyFailedCheck => {
            ". Have the league's file checked on the computer running the server, and keep the \
             earlier backups (the Publish page names their folder)"
        }
        Way::RestoreBackup => {
            ". Restore a backup of the file on the computer running the server (the Publish \
             page names the backups folder)"
        }
        Way::RepairSchema => {
            "; restoring a backup on the computer running the server puts it right (the Publish \
             page names the backups folder)"
        }
        Way::RestoreAgain => {
            "; restore it again on the computer running the server, and have the file checked"
        }
        _ => return None,
    })
}
