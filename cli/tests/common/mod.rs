//! Helpers for the file-test harness (`tests/filecheck.rs`): running a
//! command under a deadline, a small shell lexer for RUN lines, `%`
//! substitutions, and a line diff for byte-for-byte comparisons; and, for every test of
//! this folder, [`require`]: what a test needs from the machine, which CI must have.
//!
//! Only `std` is used, so the harness builds whatever state the rest of the
//! workspace is in.

#![allow(dead_code)]

pub mod require;
#[allow(unused_imports)]
pub use require::{in_ci, require, require_tool, require_tools};

use std::io::{self, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------
// Running commands
// ---------------------------------------------------------------------------

/// A finished `std::process` command's stdout then stderr, as text (for assertion messages).
pub fn output_text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// What a finished (or killed) command left behind.
pub struct Output {
    /// `None` when the command was killed for running past its deadline.
    pub status: Option<ExitStatus>,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub timed_out: bool,
}

impl Output {
    pub fn success(&self) -> bool {
        !self.timed_out && self.status.is_some_and(|s| s.success())
    }

    /// "exit code 1", "killed by signal 9", "timed out after 60s"...
    pub fn describe_status(&self, timeout: Duration) -> String {
        use std::os::unix::process::ExitStatusExt;
        if self.timed_out {
            return format!("timed out after {}s and was killed", timeout.as_secs());
        }
        match self.status {
            Some(s) => match (s.code(), s.signal()) {
                (Some(code), _) => format!("exit code {code}"),
                (None, Some(sig)) => format!("killed by signal {sig}"),
                _ => "unknown exit status".to_string(),
            },
            None => "no exit status".to_string(),
        }
    }
}

extern "C" {
    // `kill(2)` from the C library that std already links; used to take down
    // a whole process group (a `bash -c` pipeline) when it runs too long.
    fn kill(pid: i32, sig: i32) -> i32;
}

const SIGKILL: i32 = 9;

fn kill_group(pgid: u32) {
    // SAFETY: kill(2) has no memory-safety preconditions; a negative pid
    // addresses the process group that `process_group(0)` created for the
    // child, which holds only the processes this harness started.
    unsafe {
        kill(-(pgid as i32), SIGKILL);
    }
}

/// Runs `cmd` in a process group of its own, feeding it `stdin` (or
/// `/dev/null`), collecting stdout and stderr, and killing the whole group
/// if it has not finished within `timeout`.
pub fn run_with_timeout(
    cmd: &mut Command,
    stdin: Option<&[u8]>,
    timeout: Duration,
) -> io::Result<Output> {
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .process_group(0);
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let pgid = child.id();

    if let (Some(mut pipe), Some(data)) = (child.stdin.take(), stdin) {
        let data = data.to_vec();
        // A child that exits without reading all its input gives EPIPE here;
        // that is the child's business, so errors are ignored.
        thread::spawn(move || {
            let _ = pipe.write_all(&data);
        });
    }

    let (tx, rx) = mpsc::channel::<(bool, Vec<u8>)>();
    let mut readers = 0;
    if let Some(mut out) = child.stdout.take() {
        let tx = tx.clone();
        readers += 1;
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = out.read_to_end(&mut buf);
            let _ = tx.send((true, buf));
        });
    }
    if let Some(mut err) = child.stderr.take() {
        let tx = tx.clone();
        readers += 1;
        thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = err.read_to_end(&mut buf);
            let _ = tx.send((false, buf));
        });
    }
    drop(tx);

    // Wait for the child itself.
    let mut timed_out = false;
    let mut pause = Duration::from_millis(1);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if start.elapsed() >= timeout {
            // Not reaped yet, so the group id cannot have been reused.
            kill_group(pgid);
            let _ = child.kill();
            let _ = child.wait();
            timed_out = true;
            break None;
        }
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(25));
    };

    // Collect the output. A process left behind in the group (a background
    // job of the RUN line) may still hold the pipes open: give it until the
    // deadline, then kill what is left of the group (it cannot have been
    // reused while those processes are alive).
    let (mut stdout, mut stderr) = (Vec::new(), Vec::new());
    let mut killed_stragglers = false;
    while readers > 0 {
        let left = timeout
            .saturating_sub(start.elapsed())
            .max(Duration::from_millis(100));
        match rx.recv_timeout(left) {
            Ok((is_out, buf)) => {
                readers -= 1;
                if is_out {
                    stdout = buf;
                } else {
                    stderr = buf;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) if !killed_stragglers => {
                kill_group(pgid);
                killed_stragglers = true;
                timed_out = true;
            }
            Err(_) => break,
        }
    }

    Ok(Output {
        status,
        stdout,
        stderr,
        timed_out,
    })
}

/// Keeps a report readable when a tool dumps megabytes.
pub fn clip(bytes: &[u8], limit: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    if text.len() <= limit {
        return text.into_owned();
    }
    let mut cut = limit;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(
        "{}\n... [{} more bytes not shown]",
        &text[..cut],
        text.len() - cut
    )
}

// ---------------------------------------------------------------------------
// A small shell lexer, enough for lit-style RUN lines
// ---------------------------------------------------------------------------

/// One token of a RUN line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A word with its quotes and escapes removed.
    Word(String),
    /// `|`, `||`, `&&`, `;`, `&`, `(`, `)`.
    Op(String),
    /// A redirection such as `2>&1`, `>`, `2>`, `<`, `>>`, `&>`. `target` is
    /// the file word that follows it, or `None` for fd duplications.
    Redirect { op: String, target: Option<String> },
}

/// Splits a shell command into tokens. Variable expansion, globbing and
/// command substitution are not interpreted (words keep `$` literally).
pub fn lex(cmd: &str) -> Vec<Token> {
    let chars: Vec<char> = cmd.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let mut word = String::new();
    let mut in_word = false;
    // Set after a redirection operator that takes a file word.
    let mut pending_redirect: Option<String> = None;

    fn finish(
        tokens: &mut Vec<Token>,
        word: &mut String,
        in_word: &mut bool,
        pending: &mut Option<String>,
    ) {
        if !*in_word {
            return;
        }
        let w = std::mem::take(word);
        *in_word = false;
        match pending.take() {
            Some(op) => tokens.push(Token::Redirect {
                op,
                target: Some(w),
            }),
            None => tokens.push(Token::Word(w)),
        }
    }

    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                finish(&mut tokens, &mut word, &mut in_word, &mut pending_redirect);
                i += 1;
            }
            '\'' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    word.push(chars[i]);
                    i += 1;
                }
                i += 1;
            }
            '"' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\'
                        && i + 1 < chars.len()
                        && matches!(chars[i + 1], '"' | '\\' | '$' | '`')
                    {
                        i += 1;
                    }
                    word.push(chars[i]);
                    i += 1;
                }
                i += 1;
            }
            '\\' => {
                in_word = true;
                if i + 1 < chars.len() {
                    word.push(chars[i + 1]);
                }
                i += 2;
            }
            '|' | '&' | ';' | '(' | ')' => {
                // `&>` is a redirection, `>&` is handled with `>` below.
                if c == '&' && chars.get(i + 1) == Some(&'>') {
                    finish(&mut tokens, &mut word, &mut in_word, &mut pending_redirect);
                    let mut op = String::from("&>");
                    i += 2;
                    if chars.get(i) == Some(&'>') {
                        op.push('>');
                        i += 1;
                    }
                    pending_redirect = Some(op);
                    continue;
                }
                finish(&mut tokens, &mut word, &mut in_word, &mut pending_redirect);
                let doubled = (c == '|' || c == '&') && chars.get(i + 1) == Some(&c);
                if doubled {
                    tokens.push(Token::Op(format!("{c}{c}")));
                    i += 2;
                } else {
                    tokens.push(Token::Op(c.to_string()));
                    i += 1;
                }
            }
            '<' | '>' => {
                // A word made only of digits right before the operator is
                // the file descriptor (`2>`), not an argument.
                let mut op = String::new();
                if in_word && !word.is_empty() && word.chars().all(|d| d.is_ascii_digit()) {
                    op = std::mem::take(&mut word);
                    in_word = false;
                } else {
                    finish(&mut tokens, &mut word, &mut in_word, &mut pending_redirect);
                }
                op.push(c);
                i += 1;
                if chars.get(i) == Some(&c) {
                    op.push(c);
                    i += 1;
                }
                if chars.get(i) == Some(&'&') {
                    // `2>&1`, `>&2`, `<&-`: a duplication, no file word.
                    op.push('&');
                    i += 1;
                    while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '-') {
                        op.push(chars[i]);
                        i += 1;
                    }
                    tokens.push(Token::Redirect { op, target: None });
                } else {
                    pending_redirect = Some(op);
                }
            }
            _ => {
                in_word = true;
                word.push(c);
                i += 1;
            }
        }
    }
    finish(&mut tokens, &mut word, &mut in_word, &mut pending_redirect);
    if let Some(op) = pending_redirect {
        tokens.push(Token::Redirect { op, target: None });
    }
    tokens
}

/// One simple command of a RUN line (a pipeline stage).
#[derive(Clone, Debug, Default)]
pub struct SimpleCommand {
    /// Words, redirections removed.
    pub words: Vec<String>,
    /// The file of a `<` redirection, if any.
    pub stdin_file: Option<String>,
    /// Whether stdout is redirected away (`>`, `&>`, `>&2`...).
    pub stdout_redirected: bool,
    /// Whether this is the first command of the whole RUN line.
    pub is_first: bool,
    /// The operator that ended this command (`|`, `&&`, ...), if any.
    pub followed_by: Option<String>,
}

/// Splits a RUN line into its simple commands.
pub fn simple_commands(cmd: &str) -> Vec<SimpleCommand> {
    let mut out = Vec::new();
    let mut cur = SimpleCommand {
        is_first: true,
        ..Default::default()
    };
    let mut empty = true;
    for tok in lex(cmd) {
        match tok {
            Token::Word(w) => {
                cur.words.push(w);
                empty = false;
            }
            Token::Redirect { op, target } => {
                empty = false;
                let fd_out = op.starts_with('>') || op.starts_with("1>") || op.starts_with('&');
                if op == "<" || op == "0<" {
                    cur.stdin_file = target;
                } else if fd_out && op != ">&1" && op != "1>&1" {
                    cur.stdout_redirected = true;
                }
            }
            Token::Op(op) => {
                if !empty {
                    cur.followed_by = Some(op);
                    out.push(std::mem::take(&mut cur));
                    empty = true;
                }
            }
        }
    }
    if !empty {
        out.push(cur);
    }
    out
}

/// Quotes `s` for bash when it contains anything but plain path characters.
pub fn shell_quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./+@%=:,".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// Replaces lit's `%` substitutions: `%s` (the test file), `%S` and `%p`
/// (its folder), `%t` (a temporary file path unique to the trial), `%T`
/// (the trial's temporary folder) and `%%` (a literal `%`). Other `%x`
/// sequences are left alone. With `quote`, substituted paths are
/// shell-quoted when needed.
pub fn substitute_percent(
    text: &str,
    file: &Path,
    tmp_file: &Path,
    tmp_dir: &Path,
    quote: bool,
) -> String {
    let dir = file.parent().unwrap_or(Path::new("."));
    let q = |p: &Path| {
        let s = p.to_string_lossy();
        if quote {
            shell_quote(&s)
        } else {
            s.into_owned()
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('s') => out.push_str(&q(file)),
            Some('S') | Some('p') => out.push_str(&q(dir)),
            Some('t') => out.push_str(&q(tmp_file)),
            Some('T') => out.push_str(&q(tmp_dir)),
            Some('%') => out.push('%'),
            _ => {
                out.push('%');
                continue;
            }
        }
        chars.next();
    }
    out
}

/// Replaces tool names that stand in command position (the first word of a
/// pipeline stage, or the command that `not` runs) by `map(name)`, keeping
/// everything else of the command text as written. Arguments that merely
/// spell a tool's name (`--check-prefix=not`, `FileCheck %s --foo lattice`)
/// are left alone.
pub fn substitute_commands(cmd: &str, map: &dyn Fn(&str) -> Option<String>) -> String {
    let chars: Vec<char> = cmd.chars().collect();
    let mut out = String::with_capacity(cmd.len());
    let mut i = 0;
    let mut command_position = true;
    // After `not`, its options and then the command it runs follow.
    let mut after_not = false;
    // After a redirection operator, the next word is a file name.
    let mut redirect_target = false;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                out.push(c);
                i += 1;
            }
            '|' | '&' | ';' | '(' | ')' => {
                if c == '&' && chars.get(i + 1) == Some(&'>') {
                    out.push_str("&>");
                    i += 2;
                    redirect_target = true;
                    continue;
                }
                out.push(c);
                i += 1;
                command_position = true;
                after_not = false;
            }
            '<' | '>' => {
                out.push(c);
                i += 1;
                while i < chars.len() && matches!(chars[i], '<' | '>' | '&' | '-' | '0'..='9') {
                    out.push(chars[i]);
                    i += 1;
                }
                redirect_target = !out.ends_with(|d: char| d.is_ascii_digit() || d == '-');
            }
            _ => {
                // A word: up to the next blank or operator, quotes included.
                let start = i;
                let mut quoted = false;
                while i < chars.len() {
                    match chars[i] {
                        ' ' | '\t' | '\n' | '\r' | '|' | '&' | ';' | '(' | ')' | '<' | '>' => break,
                        '\'' | '"' => {
                            quoted = true;
                            let q = chars[i];
                            i += 1;
                            while i < chars.len() && chars[i] != q {
                                if q == '"' && chars[i] == '\\' {
                                    i += 1;
                                }
                                i += 1;
                            }
                            i += 1;
                        }
                        '\\' => i += 2,
                        _ => i += 1,
                    }
                }
                let i_end = i.min(chars.len());
                let word: String = chars[start..i_end].iter().collect();
                i = i_end;
                // `2>`: digits glued to a redirection are a file descriptor.
                if matches!(chars.get(i), Some('<') | Some('>'))
                    && word.chars().all(|d| d.is_ascii_digit())
                {
                    out.push_str(&word);
                    continue;
                }
                if redirect_target {
                    redirect_target = false;
                    out.push_str(&word);
                    continue;
                }
                if !command_position {
                    out.push_str(&word);
                    continue;
                }
                if after_not && word.starts_with('-') {
                    // An option of `not` (`--crash`): still before the command.
                    out.push_str(&word);
                    continue;
                }
                let is_assignment = !quoted
                    && word.contains('=')
                    && word.split('=').next().is_some_and(|n| {
                        !n.is_empty() && n.chars().all(|d| d == '_' || d.is_ascii_alphanumeric())
                    });
                if is_assignment {
                    // `VAR=value cmd`: the command comes next.
                    out.push_str(&word);
                    continue;
                }
                match (quoted, map(&word)) {
                    (false, Some(replacement)) => out.push_str(&replacement),
                    _ => out.push_str(&word),
                }
                after_not = word == "not";
                command_position = after_not;
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Comparing outputs
// ---------------------------------------------------------------------------

/// A diff of two texts that differ, in the spirit of `diff -u`: the one
/// region between their common first and last lines, with line numbers.
pub fn describe_mismatch(expected: &str, actual: &str, exp_name: &str, act_name: &str) -> String {
    const CONTEXT: usize = 3;
    const MAX_SHOWN: usize = 40;
    let e: Vec<&str> = expected.split_inclusive('\n').collect();
    let a: Vec<&str> = actual.split_inclusive('\n').collect();
    let mut prefix = 0;
    while prefix < e.len() && prefix < a.len() && e[prefix] == a[prefix] {
        prefix += 1;
    }
    let mut suffix = 0;
    while suffix < e.len() - prefix
        && suffix < a.len() - prefix
        && e[e.len() - 1 - suffix] == a[a.len() - 1 - suffix]
    {
        suffix += 1;
    }
    let (e_mid, a_mid) = (&e[prefix..e.len() - suffix], &a[prefix..a.len() - suffix]);

    let show = |line: &str| -> String {
        let body = line.strip_suffix('\n').unwrap_or(line);
        let mut s = body.to_string();
        if !line.ends_with('\n') {
            s.push_str("  [no newline at end]");
        }
        if body.ends_with([' ', '\t']) || body.contains('\r') {
            s = format!("{body:?}  [whitespace shown escaped]");
        }
        s
    };

    let mut msg = String::new();
    msg.push_str(&format!(
        "--- {exp_name} ({} lines, {} bytes)\n+++ {act_name} ({} lines, {} bytes)\n",
        e.len(),
        expected.len(),
        a.len(),
        actual.len()
    ));
    msg.push_str(&format!(
        "@@ first difference at line {} ({} lines differ in {exp_name}, {} in {act_name}) @@\n",
        prefix + 1,
        e_mid.len(),
        a_mid.len()
    ));
    for (n, line) in e
        .iter()
        .enumerate()
        .take(prefix)
        .skip(prefix.saturating_sub(CONTEXT))
    {
        msg.push_str(&format!(" {:>5} | {}\n", n + 1, show(line)));
    }
    for (k, line) in e_mid.iter().enumerate().take(MAX_SHOWN) {
        msg.push_str(&format!("-{:>5} | {}\n", prefix + k + 1, show(line)));
    }
    if e_mid.len() > MAX_SHOWN {
        msg.push_str(&format!("-  ... {} more lines\n", e_mid.len() - MAX_SHOWN));
    }
    for (k, line) in a_mid.iter().enumerate().take(MAX_SHOWN) {
        msg.push_str(&format!("+{:>5} | {}\n", prefix + k + 1, show(line)));
    }
    if a_mid.len() > MAX_SHOWN {
        msg.push_str(&format!("+  ... {} more lines\n", a_mid.len() - MAX_SHOWN));
    }
    let after = e.len() - suffix;
    for (n, line) in e.iter().enumerate().skip(after).take(CONTEXT) {
        msg.push_str(&format!(" {:>5} | {}\n", n + 1, show(line)));
    }
    msg
}
