//! The tuning database: one SQLite table of measured configs, keyed by kernel fingerprint,
//! problem sizes, target (measurer) and machine fingerprint, plus JSON-lines export and
//! import; and a table `kept` of the config the latest tuning run of each key kept (its
//! incumbent), which [`Db::best`] prefers to the fastest record; the export carries both
//! (`kept` rows as lines `{"kept": {...}}`).
//!
//! Invariants: (kernel, sizes, target, machine, config) is unique — measuring a config
//! again replaces its record; a record has a time exactly when its status is `ok`; only
//! `ok` records are ever returned as best; `kept` has one row per key (the latest run's).
//! Databases written before `kept` existed open unchanged (the table is added, empty) and
//! [`Db::best`] falls back to the fastest record for them.

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The key a record belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    pub kernel: String,
    pub kernel_name: String,
    pub sizes: String,
    pub target: String,
    pub machine: String,
}

/// One measured (or failed) config.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    #[serde(flatten)]
    pub key: Key,
    /// The config as JSON (see `space::Config`).
    pub config: String,
    /// The pass pipeline, `--pass-pipeline` syntax.
    pub pipeline: String,
    /// `ok`, or why the candidate failed (`wrong-output`, `transform`, `compile`, `run`).
    pub status: String,
    /// Median kernel time in seconds (`ok` only).
    pub seconds: Option<f64>,
    pub cv: Option<f64>,
    pub detail: String,
    /// Unix time of the measurement.
    pub created: i64,
}

/// A row of the `kept` table: the config the latest tuning run of a key kept. In the
/// JSON-lines export it is the line `{"kept": {...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Kept {
    pub kernel: String,
    pub sizes: String,
    pub target: String,
    pub machine: String,
    /// The config as JSON.
    pub config: String,
    pub created: i64,
}

/// One line of the JSON-lines export: a record, or a `kept` row.
#[derive(Deserialize)]
#[serde(untagged)]
enum Line {
    Kept { kept: Kept },
    Record(Box<Record>),
}

/// Errors of the database layer.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("tuning database {path}: {source}")]
    Sql {
        path: String,
        source: rusqlite::Error,
    },
    #[error("{0}")]
    Io(String),
    #[error("{file}:{line}: {message}")]
    Parse {
        file: String,
        line: usize,
        message: String,
    },
}

/// The default location, `~/.cache/lattice/tuning.db`.
pub fn default_path() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("lattice").join("tuning.db")
}

/// Why [`Db::best`] chose its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The config the latest tuning run kept.
    Kept,
    /// The fastest record (no run recorded what it kept).
    Fastest,
}

/// An open database.
pub struct Db {
    conn: Connection,
    path: String,
}

impl Db {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Db, DbError> {
        let p = path.display().to_string();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| DbError::Io(format!("cannot create {}: {e}", dir.display())))?;
        }
        let sql = |source| DbError::Sql {
            path: p.clone(),
            source,
        };
        let conn = Connection::open(path).map_err(sql)?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS records (
                kernel TEXT NOT NULL, kernel_name TEXT NOT NULL, sizes TEXT NOT NULL,
                target TEXT NOT NULL, machine TEXT NOT NULL, config TEXT NOT NULL,
                pipeline TEXT NOT NULL, status TEXT NOT NULL, seconds REAL, cv REAL,
                detail TEXT NOT NULL, created INTEGER NOT NULL,
                PRIMARY KEY (kernel, sizes, target, machine, config));
             CREATE TABLE IF NOT EXISTS kept (
                kernel TEXT NOT NULL, sizes TEXT NOT NULL, target TEXT NOT NULL,
                machine TEXT NOT NULL, config TEXT NOT NULL, created INTEGER NOT NULL,
                PRIMARY KEY (kernel, sizes, target, machine));",
        )
        .map_err(sql)?;
        Ok(Db { conn, path: p })
    }

    fn err(&self, source: rusqlite::Error) -> DbError {
        DbError::Sql {
            path: self.path.clone(),
            source,
        }
    }

    /// Inserts or replaces `r`.
    pub fn put(&self, r: &Record) -> Result<(), DbError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO records VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)",
                params![
                    r.key.kernel,
                    r.key.kernel_name,
                    r.key.sizes,
                    r.key.target,
                    r.key.machine,
                    r.config,
                    r.pipeline,
                    r.status,
                    r.seconds,
                    r.cv,
                    r.detail,
                    r.created
                ],
            )
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    fn query(&self, sql: &str, args: &[&dyn rusqlite::ToSql]) -> Result<Vec<Record>, DbError> {
        let mut st = self.conn.prepare(sql).map_err(|e| self.err(e))?;
        let rows = st
            .query_map(args, |row| {
                Ok(Record {
                    key: Key {
                        kernel: row.get(0)?,
                        kernel_name: row.get(1)?,
                        sizes: row.get(2)?,
                        target: row.get(3)?,
                        machine: row.get(4)?,
                    },
                    config: row.get(5)?,
                    pipeline: row.get(6)?,
                    status: row.get(7)?,
                    seconds: row.get(8)?,
                    cv: row.get(9)?,
                    detail: row.get(10)?,
                    created: row.get(11)?,
                })
            })
            .map_err(|e| self.err(e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| self.err(e))
    }

    /// Every record of `key`, oldest first.
    pub fn records(&self, key: &Key) -> Result<Vec<Record>, DbError> {
        self.query(
            "SELECT * FROM records WHERE kernel=?1 AND sizes=?2 AND target=?3 AND machine=?4 ORDER BY created, rowid",
            &[&key.kernel, &key.sizes, &key.target, &key.machine],
        )
    }

    /// Every record.
    pub fn all(&self) -> Result<Vec<Record>, DbError> {
        self.query(
            "SELECT * FROM records ORDER BY kernel_name, kernel, sizes, target, machine, created, rowid",
            &[],
        )
    }

    /// Records `config` (as JSON) as the one the latest run of `key` keeps, at `created`,
    /// replacing the row of `key`: the caller passes its incumbent, which started from
    /// [`Db::kept_record`]'s config and changed only by beating it.
    pub fn keep(&self, key: &Key, config: &str, created: i64) -> Result<(), DbError> {
        self.conn
            .execute(
                "INSERT OR REPLACE INTO kept VALUES (?1,?2,?3,?4,?5,?6)",
                params![
                    key.kernel,
                    key.sizes,
                    key.target,
                    key.machine,
                    config,
                    created
                ],
            )
            .map_err(|e| self.err(e))?;
        Ok(())
    }

    /// The `ok` record of the config the latest run of exactly `key` kept, if any: where a
    /// resumed run starts its incumbent from (a run replaces it only when a candidate beats
    /// it, so [`Db::keep`] never trades a kept config for a slower one).
    pub fn kept_record(&self, key: &Key) -> Result<Option<Record>, DbError> {
        Ok(self
            .query(
                "SELECT r.* FROM kept k JOIN records r ON r.kernel=k.kernel AND r.sizes=k.sizes
                   AND r.target=k.target AND r.machine=k.machine AND r.config=k.config
                 WHERE k.kernel=?1 AND k.sizes=?2 AND k.target=?3 AND k.machine=?4
                   AND r.status='ok' AND r.seconds IS NOT NULL",
                &[&key.kernel, &key.sizes, &key.target, &key.machine],
            )?
            .into_iter()
            .next())
    }

    /// The record to apply for `kernel` and `sizes` on `target` (`cpu` or `gpu`; GPU
    /// records carry run options such as the workgroup shape), preferring `machine`: the
    /// `ok` record of the config the latest run kept ([`Db::keep`]; of the latest run on
    /// `machine` if there is one), else the fastest `ok` record (databases from before
    /// runs recorded what they kept). A record from `machine` comes before one from
    /// another machine, kept or fastest.
    pub fn best(
        &self,
        kernel: &str,
        sizes: &str,
        machine: &str,
        target: &str,
    ) -> Result<Option<(Record, Pick)>, DbError> {
        let pattern = format!("{target}%");
        let args: [&dyn rusqlite::ToSql; 4] = [&kernel, &sizes, &machine, &pattern.as_str()];
        let kept = self
            .query(
                "SELECT r.* FROM kept k JOIN records r ON r.kernel=k.kernel AND r.sizes=k.sizes
                   AND r.target=k.target AND r.machine=k.machine AND r.config=k.config
                 WHERE k.kernel=?1 AND k.sizes=?2 AND k.target LIKE ?4 AND r.status='ok' AND r.seconds IS NOT NULL
                 ORDER BY (k.machine = ?3) DESC, k.created DESC, k.rowid DESC LIMIT 1",
                &args,
            )?
            .into_iter()
            .next();
        let fastest = self
            .query(
                "SELECT * FROM records WHERE kernel=?1 AND sizes=?2 AND target LIKE ?4 AND status='ok' AND seconds IS NOT NULL
                 ORDER BY (machine = ?3) DESC, seconds ASC LIMIT 1",
                &args,
            )?
            .into_iter()
            .next();
        let here = |r: &Option<Record>| r.as_ref().is_some_and(|r| r.key.machine == machine);
        Ok(if here(&kept) || !here(&fastest) && kept.is_some() {
            kept.map(|r| (r, Pick::Kept))
        } else {
            fastest.map(|r| (r, Pick::Fastest))
        })
    }

    /// Whether the record exists (by key and config).
    pub fn has(&self, key: &Key, config: &str) -> Result<bool, DbError> {
        self.conn
            .query_row(
                "SELECT 1 FROM records WHERE kernel=?1 AND sizes=?2 AND target=?3 AND machine=?4 AND config=?5",
                params![key.kernel, key.sizes, key.target, key.machine, config],
                |_| Ok(()),
            )
            .optional()
            .map(|o| o.is_some())
            .map_err(|e| self.err(e))
    }

    /// Every `kept` row, by key.
    pub fn kept(&self) -> Result<Vec<Kept>, DbError> {
        let mut st = self
            .conn
            .prepare("SELECT * FROM kept ORDER BY kernel, sizes, target, machine")
            .map_err(|e| self.err(e))?;
        let rows = st
            .query_map([], |row| {
                Ok(Kept {
                    kernel: row.get(0)?,
                    sizes: row.get(1)?,
                    target: row.get(2)?,
                    machine: row.get(3)?,
                    config: row.get(4)?,
                    created: row.get(5)?,
                })
            })
            .map_err(|e| self.err(e))?;
        rows.collect::<Result<Vec<_>, _>>().map_err(|e| self.err(e))
    }

    /// Every record as JSON lines, then every `kept` row (`{"kept": {...}}`), so that
    /// `--apply` on an imported database applies what the tuning run kept.
    pub fn export(&self) -> Result<String, DbError> {
        let mut out = String::new();
        for r in self.all()? {
            out.push_str(&serde_json::to_string(&r).expect("records serialize"));
            out.push('\n');
        }
        for k in self.kept()? {
            out.push_str(&serde_json::json!({ "kept": k }).to_string());
            out.push('\n');
        }
        Ok(out)
    }

    /// Reads JSON lines (blank lines ignored) into the database; returns how many records.
    /// Nothing is written unless every line parses. A `kept` row replaces the database's
    /// row of its key unless that one is newer.
    pub fn import(&mut self, file: &str, text: &str) -> Result<usize, DbError> {
        let mut records = Vec::new();
        let mut kept = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let parsed: Line = serde_json::from_str(line).map_err(|e| DbError::Parse {
                file: file.to_string(),
                line: i + 1,
                // A record's own error says which field is wrong.
                message: serde_json::from_str::<Record>(line)
                    .err()
                    .map_or(e.to_string(), |e| e.to_string()),
            })?;
            let r = match parsed {
                Line::Kept { kept: k } => {
                    kept.push(k);
                    continue;
                }
                Line::Record(r) => *r,
            };
            if (r.status == "ok") != r.seconds.is_some() {
                return Err(DbError::Parse {
                    file: file.to_string(),
                    line: i + 1,
                    message: "a record has a time exactly when its status is \"ok\"".into(),
                });
            }
            records.push(r);
        }
        let tx = self.conn.transaction().map_err(|e| DbError::Sql {
            path: self.path.clone(),
            source: e,
        })?;
        for r in &records {
            tx.execute(
                "INSERT OR REPLACE INTO records VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)",
                params![
                    r.key.kernel,
                    r.key.kernel_name,
                    r.key.sizes,
                    r.key.target,
                    r.key.machine,
                    r.config,
                    r.pipeline,
                    r.status,
                    r.seconds,
                    r.cv,
                    r.detail,
                    r.created
                ],
            )
            .map_err(|e| DbError::Sql {
                path: self.path.clone(),
                source: e,
            })?;
        }
        for k in &kept {
            tx.execute(
                "INSERT INTO kept VALUES (?1,?2,?3,?4,?5,?6)
                 ON CONFLICT (kernel, sizes, target, machine) DO UPDATE
                 SET config = excluded.config, created = excluded.created
                 WHERE excluded.created >= kept.created",
                params![k.kernel, k.sizes, k.target, k.machine, k.config, k.created],
            )
            .map_err(|e| DbError::Sql {
                path: self.path.clone(),
                source: e,
            })?;
        }
        tx.commit().map_err(|e| DbError::Sql {
            path: self.path.clone(),
            source: e,
        })?;
        Ok(records.len())
    }
}

/// CPU model and core count, from `/proc/cpuinfo` and the available parallelism.
pub fn machine_fingerprint() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{model} x{cores}")
}
