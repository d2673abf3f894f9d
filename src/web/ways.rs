//! The console's words for the ways on that the store leaves to its front
//! end ([`Way`]) when the database file itself fails: a full disk, a file
//! another program holds, a read-only file. The CLI names a command to run
//! again; a page says what to do on the computer running the server, and
//! to try again. Matched on the typed way, never on the message's words.

use crate::error::Way;

/// The console's hint for `way`, placed after the facts as it is (so it
/// starts with its own separator); `None` where the facts say enough on a
/// page (the ways of set-up and import pages have their own hints).
pub fn hint(way: &Way) -> Option<String> {
    let text = match way {
        Way::FreeSpace => {
            "; free some disk space on the computer running the server, then try again"
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
        _ => return None,
    };
    Some(text.to_string())
}
