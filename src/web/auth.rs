//! Who may use the console: the one-time token `league serve` prints, or
//! the password set with `league serve --set-password` (an Argon2id hash in
//! the database's settings). A login gives a session (a random id in a
//! cookie that scripts cannot read and other sites cannot send) with its
//! own CSRF token, which every form carries and every state-changing
//! request is checked against. Failed logins are limited per minute.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::{Error, Result};

/// How long a session lasts after its login: a club night, with room.
pub const SESSION_LIFETIME: Duration = Duration::from_secs(12 * 60 * 60);

/// Failed logins allowed in [`FAILURE_WINDOW`] before every login is
/// refused until the window has passed.
pub const MAX_FAILURES: usize = 5;

/// The window failed logins are counted over.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(60);

/// The session cookie's name.
pub const COOKIE: &str = "league_session";

/// A logged-in console session.
#[derive(Clone, Debug)]
pub struct Session {
    /// The session's id (the cookie's value).
    pub id: String,
    /// The token every form of this session carries.
    pub csrf: String,
    expires: Instant,
}

/// Why a login was not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoginFailure {
    /// The token or password is wrong (or the token was used already).
    Wrong,
    /// Too many failed logins lately: refused without checking.
    TooMany,
}

/// The server's logins and sessions.
pub struct Auth {
    token: Mutex<Option<String>>,
    password: Option<String>,
    sessions: Mutex<HashMap<String, Session>>,
    failures: Mutex<VecDeque<Instant>>,
    flash: Mutex<HashMap<String, String>>,
    lifetime: Duration,
}

impl Auth {
    /// Logins for a server whose one-time token is `token` and whose
    /// password hash (when set) is `password`; sessions last `lifetime`.
    pub fn new(token: String, password: Option<String>, lifetime: Duration) -> Auth {
        Auth {
            token: Mutex::new(Some(token)),
            password,
            sessions: Mutex::new(HashMap::new()),
            failures: Mutex::new(VecDeque::new()),
            flash: Mutex::new(HashMap::new()),
            lifetime,
        }
    }

    /// Whether the console asks for a password.
    pub fn has_password(&self) -> bool {
        self.password.is_some()
    }

    /// Log in with the one-time token: a new session, and the token is
    /// spent (a second use, even the right one, fails).
    pub fn login_token(&self, given: &str) -> std::result::Result<Session, LoginFailure> {
        self.check_rate()?;
        let mut token = lock(&self.token);
        match token.as_deref() {
            Some(t) if same(t, given) => {
                *token = None;
                drop(token);
                Ok(self.new_session())
            }
            _ => Err(self.failed()),
        }
    }

    /// Log in with the password.
    pub fn login_password(&self, given: &str) -> std::result::Result<Session, LoginFailure> {
        self.check_rate()?;
        match &self.password {
            Some(hash) if verify_password(hash, given) => Ok(self.new_session()),
            _ => Err(self.failed()),
        }
    }

    /// The live session whose id is `id`; an expired one is forgotten.
    pub fn session(&self, id: &str) -> Option<Session> {
        let mut sessions = lock(&self.sessions);
        let found = sessions.get(id)?.clone();
        if found.expires <= Instant::now() {
            sessions.remove(id);
            return None;
        }
        Some(found)
    }

    /// End the session `id`.
    pub fn logout(&self, id: &str) {
        lock(&self.sessions).remove(id);
        lock(&self.flash).remove(id);
    }

    /// Keep `text` (what a form just recorded) for the session's next page,
    /// which shows it once: the echo survives the redirect after a form.
    pub fn set_flash(&self, id: &str, text: String) {
        lock(&self.flash).insert(id.to_string(), text);
    }

    /// The text kept for the session's next page, once.
    pub fn take_flash(&self, id: &str) -> Option<String> {
        lock(&self.flash).remove(id)
    }

    fn new_session(&self) -> Session {
        let s = Session {
            id: random_token(),
            csrf: random_token(),
            expires: Instant::now() + self.lifetime,
        };
        let mut sessions = lock(&self.sessions);
        let now = Instant::now();
        sessions.retain(|_, v| v.expires > now);
        sessions.insert(s.id.clone(), s.clone());
        s
    }

    fn check_rate(&self) -> std::result::Result<(), LoginFailure> {
        let mut failures = lock(&self.failures);
        let now = Instant::now();
        while failures
            .front()
            .is_some_and(|t| now.duration_since(*t) >= FAILURE_WINDOW)
        {
            failures.pop_front();
        }
        if failures.len() >= MAX_FAILURES {
            return Err(LoginFailure::TooMany);
        }
        Ok(())
    }

    fn failed(&self) -> LoginFailure {
        lock(&self.failures).push_back(Instant::now());
        LoginFailure::Wrong
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Compare two secrets in time that does not depend on where they differ.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 32 random bytes from the operating system, as 64 hex digits.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    // The operating system's generator does not fail on the systems we
    // run on; if it ever did, a server without secrets must not start.
    if let Err(e) = getrandom::fill(&mut bytes) {
        panic!("the operating system gave no random numbers: {e}");
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The Argon2id hash (PHC string, with its own random salt) of `password`.
pub fn hash_password(password: &str) -> Result<String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt)
        .map_err(|e| Error::invalid(format!("no random salt for the password: {e}")))?;
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| Error::invalid(format!("the password's salt: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::invalid(format!("the password could not be hashed: {e}")))
}

/// Whether `password` matches the stored `hash` (a hash that does not
/// parse matches nothing).
pub fn verify_password(hash: &str, password: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_logs_in_once() {
        let auth = Auth::new("abc".into(), None, SESSION_LIFETIME);
        assert!(auth.login_token("abc").is_ok());
        assert_eq!(auth.login_token("abc").unwrap_err(), LoginFailure::Wrong);
    }

    #[test]
    fn a_password_hash_is_argon2id_and_verifies_only_its_password() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(verify_password(&hash, "correct horse"));
        assert!(!verify_password(&hash, "correct hors"));
        assert!(!verify_password("not a hash", "correct horse"));
    }

    #[test]
    fn an_expired_session_is_gone() {
        let auth = Auth::new("t".into(), None, Duration::ZERO);
        let s = auth.login_token("t").unwrap();
        assert!(auth.session(&s.id).is_none());
    }

    #[test]
    fn after_five_failures_even_the_right_token_is_refused() {
        let auth = Auth::new("t".into(), None, SESSION_LIFETIME);
        for _ in 0..MAX_FAILURES {
            assert_eq!(auth.login_token("x").unwrap_err(), LoginFailure::Wrong);
        }
        assert_eq!(auth.login_token("t").unwrap_err(), LoginFailure::TooMany);
    }
}
