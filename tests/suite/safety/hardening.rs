//! Issue 16, hardening: each failure a hostile-input and fault review found,
//! reproduced through the `league` binary.

use crate::util::TestLeague;

/// Item 1: a folder of the site replaced by a symbolic link to a folder
/// elsewhere made `league site` overwrite the file there; a planted marker
/// listing a file reached through a link made it delete it.
#[cfg(unix)]
#[test]
fn site_never_writes_or_removes_through_a_link_under_out() {
    let t = TestLeague::small();
    t.ok(&["site", "--out", "site"]);
    let season = t.path("site/2022-23");
    let page = std::fs::read_dir(&season)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .find(|n| n.ends_with(".html") && n != "index.html")
        .expect("a section page");
    // Elsewhere: a folder holding a file under the page's name.
    std::fs::create_dir(t.path("elsewhere")).unwrap();
    t.write(&format!("elsewhere/{page}"), "precious");
    t.write("elsewhere/index.html", "precious index");
    std::fs::remove_dir_all(&season).unwrap();
    std::os::unix::fs::symlink(t.path("elsewhere"), &season).unwrap();
    let r = t.run(&["site", "--out", "site"]);
    assert!(!r.ok, "{}", r.stdout);
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    assert!(r.stderr.contains("2022-23"), "{}", r.stderr);
    assert_eq!(
        std::fs::read_to_string(t.path(&format!("elsewhere/{page}"))).unwrap(),
        "precious"
    );
    assert_eq!(
        std::fs::read_to_string(t.path("elsewhere/index.html")).unwrap(),
        "precious index"
    );
    // A planted marker listing a file outside, one through the link, and a
    // file of the secretary's inside whose contents it does not vouch for.
    std::fs::remove_file(&season).unwrap();
    t.write("site/notes.txt", "mine");
    t.write("outside.txt", "keep");
    t.write(
        "site/.league-site",
        format!(
            "written by league site\n0000000000000000 notes.txt\n0000000000000000 ../outside.txt\n{}\n0000000000000000 2022-23/{page}\n",
            t.path("outside.txt").display()
        ),
    );
    std::os::unix::fs::symlink(t.path("elsewhere"), t.path("site/2022-23")).unwrap();
    let r = t.run(&["site", "--out", "site"]);
    assert!(!r.ok);
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    std::fs::remove_file(t.path("site/2022-23")).unwrap();
    t.ok(&["site", "--out", "site"]);
    assert_eq!(
        std::fs::read_to_string(t.path("outside.txt")).unwrap(),
        "keep"
    );
    assert_eq!(
        std::fs::read_to_string(t.path("site/notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(
        std::fs::read_to_string(t.path(&format!("elsewhere/{page}"))).unwrap(),
        "precious"
    );
    assert!(t.path(&format!("site/2022-23/{page}")).is_file());
    assert!(!t.path("site/.league-staging").exists());
}

/// Item 1: a site killed while it was being written (a staging folder left
/// behind, no marker yet) is written by the next run, not refused.
#[test]
fn site_after_a_killed_first_run_is_written_not_refused() {
    let t = TestLeague::small();
    std::fs::create_dir_all(t.path("site/.league-staging/2022-23")).unwrap();
    t.write("site/.league-staging/2022-23/index.html", "<p>half");
    t.ok(&["site", "--out", "site"]);
    assert!(t.path("site/index.html").is_file());
    assert!(!t.path("site/.league-staging").exists());
}
