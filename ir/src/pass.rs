//! The pass manager: pass registry, pipeline parsing (`builtin.module(func.func(cse))`,
//! `--canonicalize`, `{key=value}` options), nesting on ops such as `func.func` and
//! `gpu.module`, running nested pipelines on sibling ops in parallel with rayon,
//! verification after each pass, `--print-ir-after-all` dumps, a `--timing` report and
//! pass statistics (`--mlir-pass-statistics`): a pass calls [`record_statistic`] while it
//! runs, and the manager files the counts under that pass.
//!
//! Invariants: a pass only sees the op it is anchored on (and what is nested in it); a
//! nested pipeline runs only on ops that are isolated from above, which is what makes it
//! safe to move each such op into its own [`Ir`] and run the siblings in parallel (they
//! share nothing mutable; the interned context is thread-safe). After every pass the op
//! is verified when `verify_each` is set, and the first failure stops the pipeline; ops
//! processed in parallel are verified after their nested pipeline, once back in place,
//! since a detached op cannot be verified alone (parent-op rules, symbol uses).

use crate::diag::{DiagLoc, Diagnostic};
use crate::printer::{print_op, PrintOptions};
use crate::registry::Traits;
use crate::store::{Ir, Op};
use crate::verifier::verify;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Runs a pass on `op` with its parsed options.
pub type PassRunFn = fn(&mut Ir, Op, &PassOptions) -> Result<(), Vec<Diagnostic>>;

mod options;
pub use options::{OptionError, OptionValues, PipelineError};

/// A registered pass.
pub struct PassDef {
    /// The flag name (`canonicalize`, `affine-loop-tile`).
    pub name: &'static str,
    /// The name shown in dumps and timing (`Canonicalizer`, `CSE`).
    pub display_name: &'static str,
    /// One line of help.
    pub summary: &'static str,
    /// The op the pass must run on (`func.func`), or `None` for any op. A pass with an
    /// anchor given as a top-level flag is nested under that op automatically.
    pub anchor: Option<&'static str>,
    /// The options the pass accepts, each declared once (name, values, default, help).
    pub options: &'static [PassOption],
    /// Parses the checked options into the pass's typed options struct, once, when the
    /// pipeline is built ([`configure`]; [`configure::<NoOptions>`](NoOptions) for a pass
    /// without options); the pass reads it with [`PassOptions::typed`].
    pub configure: ConfigureFn,
    pub run: PassRunFn,
}

/// Parses a pass's options into its typed struct (see [`PassDef::configure`]).
pub type ConfigureFn = fn(&OptionValues) -> Result<ParsedOptions, OptionError>;

/// A pass's options as a typed struct, built from the checked `key=value` entries alone
/// (the machine is known only when the pass runs).
pub trait PassConfig: Sized + Send + Sync + 'static {
    /// The typed options `o`'s entries describe; an error names the option.
    fn from_options(o: &OptionValues) -> Result<Self, OptionError>;
}

/// The typed options of a pass that declares none.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOptions;

impl PassConfig for NoOptions {
    fn from_options(_: &OptionValues) -> Result<Self, OptionError> {
        Ok(NoOptions)
    }
}

/// [`ConfigureFn`] of a pass whose typed options are `T`.
pub fn configure<T: PassConfig>(o: &OptionValues) -> Result<ParsedOptions, OptionError> {
    T::from_options(o).map(ParsedOptions::new)
}

/// A pass's typed options, parsed once (their type is the pass's own).
#[derive(Clone)]
pub struct ParsedOptions(std::sync::Arc<dyn std::any::Any + Send + Sync>);

impl ParsedOptions {
    /// Typed options `t`.
    pub fn new<T: PassConfig>(t: T) -> ParsedOptions {
        ParsedOptions(std::sync::Arc::new(t))
    }
}

impl std::fmt::Debug for ParsedOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ParsedOptions")
    }
}

/// Parsed options are a function of the entries, which [`PassOptions`] compares.
impl PartialEq for ParsedOptions {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for ParsedOptions {}

/// One pass instance's options: the checked `key=value` entries, the typed struct parsed
/// from them when the pipeline was built, the remark settings every pass shares, and the
/// machine the run targets (set by the pass manager from [`RunOptions::machine`]).
///
/// Invariant: built only by [`PassOptions::new`] (or [`parse_pass_options`]), so the
/// typed options are always there; a running pass reads no option text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassOptions {
    pass: &'static str,
    values: OptionValues,
    /// The target machine the cost models read.
    pub machine: crate::target::Machine,
    /// Every pass prints its remarks (set by the pass manager from
    /// [`RunOptions::remarks`]); a pass's own `remarks=false` still wins.
    pub all_remarks: bool,
    parsed: ParsedOptions,
    /// `remarks=` as given.
    remarks: Option<bool>,
    /// `emit-remarks=` as given.
    emit_remarks: bool,
}

impl PassOptions {
    /// The options `entries` of `def`: each checked against its declaration, then parsed
    /// into the pass's typed struct (an error names the pass and the option).
    pub fn new(def: &PassDef, entries: Vec<(String, String)>) -> Result<PassOptions, OptionError> {
        let in_pass = |e: OptionError| OptionError::InPass {
            pass: def.name,
            source: Box::new(e),
        };
        for (key, value) in &entries {
            let Some(decl) = def.options.iter().find(|o| o.name == key) else {
                return Err(unknown_option(def, key));
            };
            decl.check(value).map_err(in_pass)?;
        }
        let values = OptionValues::new(entries);
        let declared = |name: &str| def.options.iter().any(|o| o.name == name);
        Ok(PassOptions {
            pass: def.name,
            parsed: (def.configure)(&values).map_err(in_pass)?,
            remarks: match declared("remarks") {
                true => values.bool_given("remarks").map_err(in_pass)?,
                false => None,
            },
            emit_remarks: declared("emit-remarks")
                && values.bool("emit-remarks", false).map_err(in_pass)?,
            values,
            machine: crate::target::Machine::default(),
            all_remarks: false,
        })
    }

    /// The pass's typed options, parsed when the pipeline was built.
    pub fn typed<T: PassConfig>(&self) -> Result<std::sync::Arc<T>, OptionError> {
        self.parsed
            .0
            .clone()
            .downcast::<T>()
            .map_err(|_| OptionError::Unconfigured { pass: self.pass })
    }

    /// [`PassOptions::typed`] for a pass running on `op`: an error is a diagnostic at `op`.
    pub fn typed_at<T: PassConfig>(
        &self,
        ir: &Ir,
        op: Op,
    ) -> Result<std::sync::Arc<T>, Vec<Diagnostic>> {
        self.typed()
            .map_err(|e| vec![Diagnostic::error(DiagLoc::Loc(ir.loc(op)), e.to_string())])
    }

    /// These options with the typed struct `t` in place of the parsed one (a pipeline
    /// pass setting what only the machine decides, as `lattice-fast` the vector width).
    pub fn with_typed<T: PassConfig>(&self, t: T) -> PassOptions {
        PassOptions {
            parsed: ParsedOptions::new(t),
            ..self.clone()
        }
    }

    /// Whether refusals become the pass's diagnostics (`emit-remarks=true`).
    pub fn emit_remarks(&self) -> bool {
        self.emit_remarks
    }
}

/// All known passes.
#[derive(Default)]
pub struct PassRegistry {
    passes: Vec<&'static PassDef>,
}

impl PassRegistry {
    /// An empty registry.
    pub fn new() -> PassRegistry {
        PassRegistry::default()
    }

    /// Registers passes.
    pub fn register(&mut self, defs: &[&'static PassDef]) {
        self.passes.extend_from_slice(defs);
    }

    /// The pass named `name`.
    pub fn lookup(&self, name: &str) -> Option<&'static PassDef> {
        self.passes.iter().copied().find(|p| p.name == name)
    }

    /// The registered pass whose name is closest to `name`, if it is a likely typo.
    pub fn suggest(&self, name: &str) -> Option<&'static str> {
        did_you_mean(name, self.passes.iter().map(|p| p.name))
    }

    /// All passes, sorted by name.
    pub fn passes(&self) -> Vec<&'static PassDef> {
        let mut v = self.passes.clone();
        v.sort_by_key(|p| p.name);
        v
    }
}

/// One element of an op pipeline.
#[derive(Clone, Debug)]
pub enum PipelineElement {
    /// A pass with its options.
    Pass(&'static PassDef, PassOptions),
    /// A pipeline nested on child ops.
    Nested(OpPipeline),
}

impl std::fmt::Debug for PassDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PassDef({})", self.name)
    }
}

/// Passes to run on ops named `anchor` (`any` matches every op).
#[derive(Clone, Debug)]
pub struct OpPipeline {
    pub anchor: String,
    pub elements: Vec<PipelineElement>,
}

impl OpPipeline {
    /// An empty pipeline on `anchor`.
    pub fn new(anchor: &str) -> OpPipeline {
        OpPipeline {
            anchor: anchor.to_string(),
            elements: Vec::new(),
        }
    }

    /// Parses `anchor(elem, elem, ...)` (the `--pass-pipeline` syntax).
    pub fn parse(text: &str, registry: &PassRegistry) -> Result<OpPipeline, PipelineError> {
        let mut p = PipelineParser {
            text: text.as_bytes(),
            pos: 0,
            registry,
        };
        p.skip_ws();
        let pipeline = p.op_pipeline()?;
        p.skip_ws();
        if p.pos != p.text.len() {
            return Err(PipelineError::Trailing {
                text: p.rest(),
                offset: p.pos,
            });
        }
        Ok(pipeline)
    }

    /// Adds a pass given as a top-level flag (`--affine-loop-tile=tile-size=4`), nesting
    /// it under its anchor op when this pipeline's anchor differs.
    pub fn add_flag_pass(&mut self, def: &'static PassDef, options: PassOptions) {
        match def.anchor {
            Some(anchor) if anchor != self.anchor => {
                if let Some(PipelineElement::Nested(last)) = self.elements.last_mut() {
                    if last.anchor == anchor {
                        last.elements.push(PipelineElement::Pass(def, options));
                        return;
                    }
                }
                let mut nested = OpPipeline::new(anchor);
                nested.elements.push(PipelineElement::Pass(def, options));
                self.elements.push(PipelineElement::Nested(nested));
            }
            _ => self.elements.push(PipelineElement::Pass(def, options)),
        }
    }

    /// Whether no pass is scheduled.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }
}

/// Parses a pass's option text (`tile-sizes=2,2 cache-size=512`, or `{...}` braces
/// around a value).
pub fn parse_pass_options(def: &PassDef, text: &str) -> Result<PassOptions, OptionError> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut entries = Vec::new();
    while i < bytes.len() {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            break;
        }
        let start = i;
        while i < bytes.len() && bytes[i] != b'=' && !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let key = text[start..i].to_string();
        let mut value = String::new();
        if i < bytes.len() && bytes[i] == b'=' {
            i += 1;
            let vstart = i;
            let mut depth = 0i32;
            let mut quote = false;
            while i < bytes.len() {
                let c = bytes[i];
                if quote {
                    if c == b'"' {
                        quote = false;
                    }
                } else if c == b'"' {
                    quote = true;
                } else if c == b'{' || c == b'(' || c == b'[' {
                    depth += 1;
                } else if c == b'}' || c == b')' || c == b']' {
                    depth -= 1;
                } else if c.is_ascii_whitespace() && depth <= 0 {
                    break;
                }
                i += 1;
            }
            value = text[vstart..i].trim_matches('"').to_string();
            if value.starts_with('{') && value.ends_with('}') {
                value = value[1..value.len() - 1].to_string();
            }
        }
        entries.push((key, value));
    }
    PassOptions::new(def, entries)
}

/// What values a pass option takes; checked when the pipeline is built, so a bad value
/// is a usage error before any pass runs.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// `key`, `key=true|false|1|0`.
    Bool,
    /// One integer in `min..=max`.
    Int { min: i64, max: i64 },
    /// A comma-separated list of integers, each in `min..=max`.
    IntList { min: i64, max: i64 },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// Any text (a nested pipeline, a name).
    Text,
    /// Text of a form `syntax` names, checked by `check` (which may only look at the text).
    Custom {
        syntax: &'static str,
        check: fn(&str) -> Result<(), OptionError>,
    },
}

/// One option of a pass, declared once: its name, the values it takes, its default as
/// shown in help (`""`: none; the pass decides), and one line of help.
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub kind: OptionKind,
    pub default: &'static str,
    pub help: &'static str,
}

impl PassOption {
    /// A boolean option.
    pub const fn bool(name: &'static str, default: bool, help: &'static str) -> PassOption {
        PassOption {
            name,
            kind: OptionKind::Bool,
            default: if default { "true" } else { "false" },
            help,
        }
    }

    /// An integer in `min..=max`.
    pub const fn int(
        name: &'static str,
        min: i64,
        max: i64,
        default: &'static str,
        help: &'static str,
    ) -> PassOption {
        PassOption {
            name,
            kind: OptionKind::Int { min, max },
            default,
            help,
        }
    }

    /// A list of integers, each in `min..=max`.
    pub const fn ints(
        name: &'static str,
        min: i64,
        max: i64,
        default: &'static str,
        help: &'static str,
    ) -> PassOption {
        PassOption {
            name,
            kind: OptionKind::IntList { min, max },
            default,
            help,
        }
    }

    /// One of `values`.
    pub const fn choice(
        name: &'static str,
        values: &'static [&'static str],
        default: &'static str,
        help: &'static str,
    ) -> PassOption {
        PassOption {
            name,
            kind: OptionKind::Choice(values),
            default,
            help,
        }
    }

    /// Free text.
    pub const fn text(name: &'static str, default: &'static str, help: &'static str) -> PassOption {
        PassOption {
            name,
            kind: OptionKind::Text,
            default,
            help,
        }
    }

    /// Text of the form `syntax`, checked by `check`.
    pub const fn custom(
        name: &'static str,
        syntax: &'static str,
        check: fn(&str) -> Result<(), OptionError>,
        help: &'static str,
    ) -> PassOption {
        PassOption {
            name,
            kind: OptionKind::Custom { syntax, check },
            default: "",
            help,
        }
    }

    /// The value form shown in help: `<bool>`, `<int 1..>`, `<smart|max|none>`.
    pub fn value_syntax(&self) -> String {
        match self.kind {
            OptionKind::Bool => "<bool>".into(),
            OptionKind::Int { min, max } => format!("<int{}>", range_text(min, max)),
            OptionKind::IntList { min, max } => format!("<int{},...>", range_text(min, max)),
            OptionKind::Choice(values) => format!("<{}>", values.join("|")),
            OptionKind::Text => "<string>".into(),
            OptionKind::Custom { syntax, .. } => syntax.into(),
        }
    }

    /// Checks `value` (as written after `name=`; `""` for a bare `name`).
    pub fn check(&self, value: &str) -> Result<(), OptionError> {
        let bad = |what: String| OptionError::expected(self.name, what, value);
        match self.kind {
            OptionKind::Bool => match value {
                "" | "true" | "1" | "false" | "0" => Ok(()),
                _ => Err(bad("true or false".into())),
            },
            OptionKind::Int { min, max } => match value.trim().parse::<i64>() {
                Ok(v) if (min..=max).contains(&v) => Ok(()),
                _ => Err(bad(format!("an integer{}", range_words(min, max)))),
            },
            OptionKind::IntList { min, max } => {
                let ok = !value.trim().is_empty()
                    && value.split(',').all(|x| {
                        x.trim()
                            .parse::<i64>()
                            .is_ok_and(|v| (min..=max).contains(&v))
                    });
                match ok {
                    true => Ok(()),
                    false => Err(bad(format!(
                        "a comma-separated list of integers{}",
                        range_words(min, max)
                    ))),
                }
            }
            OptionKind::Choice(values) => match values.contains(&value) {
                true => Ok(()),
                false => Err(bad(format!("one of {}", values.join(", ")))),
            },
            OptionKind::Text => Ok(()),
            OptionKind::Custom { syntax, check } => check(value).map_err(|e| match e {
                OptionError::Value { why } => OptionError::Malformed {
                    option: self.name.to_string(),
                    value: value.to_string(),
                    why,
                    syntax,
                },
                other => other,
            }),
        }
    }
}

/// ` 1..`, ` 0..64`, or nothing for the whole i64 range (help's value form).
fn range_text(min: i64, max: i64) -> String {
    match (min, max) {
        (i64::MIN, i64::MAX) => String::new(),
        (lo, i64::MAX) => format!(" {lo}.."),
        (i64::MIN, hi) => format!(" ..{hi}"),
        (lo, hi) => format!(" {lo}..{hi}"),
    }
}

/// ` >= 1`, ` in 0..=64`, or nothing (diagnostics' wording of a range).
fn range_words(min: i64, max: i64) -> String {
    match (min, max) {
        (i64::MIN, i64::MAX) => String::new(),
        (lo, i64::MAX) => format!(" >= {lo}"),
        (i64::MIN, hi) => format!(" <= {hi}"),
        (lo, hi) => format!(" from {lo} to {hi}"),
    }
}

/// The candidate closest to `word` by edit distance, if close enough to be a likely typo.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let limit = (word.len() / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

/// Levenshtein distance over bytes.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut diag = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diag + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diag = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// Help for one pass, as `lattice opt --help` lists it: the flag, its summary, and each
/// option with its value form, default and help.
pub fn render_pass_help(def: &PassDef) -> String {
    let s = format!("    --{:<30} {}\n", def.name, def.summary);
    s + &render_pass_option_lines(def, "        ")
}

/// One line per option of `def`, each after `indent`: `name=<value form>`, its help and
/// its default (the option part of [`render_pass_help`] and of clap's pass help).
pub fn render_pass_option_lines(def: &PassDef, indent: &str) -> String {
    let mut s = String::new();
    for o in def.options {
        let flag = format!("{}={}", o.name, o.value_syntax());
        let default = match o.default {
            "" => String::new(),
            d => format!(" (default: {d})"),
        };
        s.push_str(&format!("{indent}{flag:<34} {}{default}\n", o.help));
    }
    s
}

/// The options of `passes` as Markdown, one table per pass (the generated part of
/// `docs/opt.md`, printed by `lattice opt --help-passes-markdown`).
pub fn render_pass_options_markdown(passes: &[&PassDef]) -> String {
    let cell = |text: &str| text.replace('|', "\\|");
    let mut s = String::new();
    for def in passes {
        s.push_str(&format!("### `{}`\n\n{}\n\n", def.name, cell(def.summary)));
        if def.options.is_empty() {
            s.push_str("No options.\n\n");
            continue;
        }
        s.push_str("| option | value | default | meaning |\n| --- | --- | --- | --- |\n");
        for o in def.options {
            let default = match o.default {
                "" => String::new(),
                d => format!("`{}`", cell(d)),
            };
            s.push_str(&format!(
                "| `{}` | `{}` | {default} | {} |\n",
                o.name,
                cell(&o.value_syntax()),
                cell(o.help)
            ));
        }
        s.push('\n');
    }
    s
}

/// `unknown option 'KEY' for pass 'NAME'`, with a likely meant option and the known ones.
fn unknown_option(def: &PassDef, key: &str) -> OptionError {
    if def.options.is_empty() {
        return OptionError::NoOptions {
            pass: def.name,
            key: key.to_string(),
        };
    }
    let known: Vec<&'static str> = def.options.iter().map(|o| o.name).collect();
    OptionError::Unknown {
        pass: def.name,
        key: key.to_string(),
        suggestion: did_you_mean(key, known.iter().copied()),
        known,
    }
}

struct PipelineParser<'a> {
    text: &'a [u8],
    pos: usize,
    registry: &'a PassRegistry,
}

impl PipelineParser<'_> {
    fn rest(&self) -> String {
        String::from_utf8_lossy(&self.text[self.pos..])
            .chars()
            .take(20)
            .collect()
    }

    fn skip_ws(&mut self) {
        while self.pos < self.text.len() && self.text[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn name(&mut self) -> Result<String, PipelineError> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.text.len() {
            let c = self.text[self.pos];
            if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c == b'.' {
                self.pos += 1;
            } else {
                break;
            }
        }
        if start == self.pos {
            return Err(PipelineError::ExpectedName { offset: start });
        }
        Ok(String::from_utf8_lossy(&self.text[start..self.pos]).into_owned())
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.pos < self.text.len() && self.text[self.pos] == c {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn op_pipeline(&mut self) -> Result<OpPipeline, PipelineError> {
        let anchor = self.name()?;
        if !self.eat(b'(') {
            return Err(PipelineError::ExpectedParen { anchor });
        }
        let mut pipeline = OpPipeline::new(&anchor);
        if self.eat(b')') {
            return Ok(pipeline);
        }
        loop {
            let save = self.pos;
            let name = self.name()?;
            if self.eat(b'(') {
                self.pos = save;
                let nested = self.op_pipeline()?;
                pipeline.elements.push(PipelineElement::Nested(nested));
            } else {
                let def = self.registry.lookup(&name).ok_or_else(|| {
                    let suggestion = self.registry.suggest(&name);
                    PipelineError::UnknownPass {
                        name: name.clone(),
                        suggestion,
                    }
                })?;
                let mut options = parse_pass_options(def, "")?;
                if self.eat(b'{') {
                    let start = self.pos;
                    let mut depth = 1;
                    while self.pos < self.text.len() && depth > 0 {
                        match self.text[self.pos] {
                            b'{' => depth += 1,
                            b'}' => depth -= 1,
                            _ => {}
                        }
                        self.pos += 1;
                    }
                    if depth != 0 {
                        return Err(PipelineError::UnterminatedOptions { pass: name });
                    }
                    let text =
                        String::from_utf8_lossy(&self.text[start..self.pos - 1]).into_owned();
                    options = parse_pass_options(def, &text)?;
                }
                pipeline.elements.push(PipelineElement::Pass(def, options));
            }
            if self.eat(b',') {
                continue;
            }
            if self.eat(b')') {
                return Ok(pipeline);
            }
            return Err(PipelineError::ExpectedSeparator { offset: self.pos });
        }
    }
}

/// How to run a pipeline.
#[derive(Clone, Copy, Debug)]
pub struct RunOptions {
    /// Verify after each pass (mlir-opt's default).
    pub verify_each: bool,
    /// Dump the IR after each pass to the sink (`--print-ir-after-all`).
    pub print_ir_after_all: bool,
    /// Print options for dumps.
    pub print: PrintOptions,
    /// Run nested pipelines on sibling ops in parallel.
    pub parallel: bool,
    /// The target machine: every pass gets it in [`PassOptions::machine`].
    pub machine: crate::target::Machine,
    /// Ask every pass for its remarks (`--remarks`).
    pub remarks: bool,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            verify_each: true,
            print_ir_after_all: false,
            print: PrintOptions::default(),
            parallel: true,
            machine: crate::target::Machine::default(),
            remarks: false,
        }
    }
}

/// Time spent per pass (summed over every op it ran on), and the statistics passes
/// recorded.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    /// `(display name, time)` in first-run order.
    pub passes: Vec<(String, Duration)>,
    /// Time spent verifying.
    pub verification: Duration,
    /// `(pass display name, statistics)` in first-run order; counts of the same
    /// statistic are summed over every op the pass ran on.
    pub statistics: Vec<(String, Vec<Statistic>)>,
    /// `(pass display name, (phase, time) in first-recorded order)`: the phases a pass
    /// timed ([`record_phase_time`]), summed over every op it ran on.
    pub phases: Vec<(String, Vec<(String, Duration)>)>,
}

/// One counter a pass reports (MLIR's `Pass::Statistic`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistic {
    /// Short name, e.g. `num-refused`.
    pub name: &'static str,
    /// What it counts.
    pub description: &'static str,
    pub count: u64,
}

/// What the pass running on a thread reports besides its IR changes, collected by the
/// pass manager while it runs the pass.
#[derive(Default)]
struct PassRecord {
    statistics: Vec<Statistic>,
    /// Remarks and warnings ([`emit_remarks`]), in emission order.
    remarks: Vec<Diagnostic>,
    /// Time per phase ([`record_phase_time`]), in first-recorded order.
    phases: Vec<(String, Duration)>,
}

thread_local! {
    /// The record of the pass running on this thread; `None` outside a pass manager run.
    static CURRENT_PASS: std::cell::RefCell<Option<PassRecord>> =
        const { std::cell::RefCell::new(None) };
}

/// Applies `f` to the running pass's record (nothing outside a pass manager run).
fn with_current_pass(f: impl FnOnce(&mut PassRecord)) {
    CURRENT_PASS.with(|cell| {
        if let Some(record) = cell.borrow_mut().as_mut() {
            f(record);
        }
    });
}

/// Adds `count` to the statistic `name` of the pass running on this thread (a no-op
/// outside a pass manager run).
pub fn record_statistic(name: &'static str, description: &'static str, count: u64) {
    with_current_pass(|r| add_statistic(&mut r.statistics, name, description, count));
}

/// Adds `time` to the phase `phase` of the pass running on this thread: `--mlir-timing`
/// shows each phase indented under its pass (a no-op outside a pass manager run).
pub fn record_phase_time(phase: &str, time: Duration) {
    with_current_pass(|r| add_duration(&mut r.phases, phase, time));
}

/// Adds `d` to the entry `name` of `times` (appended when new).
fn add_duration(times: &mut Vec<(String, Duration)>, name: &str, d: Duration) {
    match times.iter_mut().find(|(n, _)| n == name) {
        Some((_, t)) => *t += d,
        None => times.push((name.to_string(), d)),
    }
}

fn add_statistic(
    stats: &mut Vec<Statistic>,
    name: &'static str,
    description: &'static str,
    count: u64,
) {
    match stats.iter_mut().find(|s| s.name == name) {
        Some(s) => s.count += count,
        None => stats.push(Statistic {
            name,
            description,
            count,
        }),
    }
}

/// Whether a pass should print its remarks (why it declined to transform): the pass
/// option `remarks=true`, else whether the run asks every pass for them (`--remarks`).
pub fn remarks_enabled(options: &PassOptions) -> bool {
    options.remarks.unwrap_or(options.all_remarks)
}

/// Reports why a pass declined to transform: each remark counts towards the statistic
/// `num-declined`, and when [`remarks_enabled`] they go to the run's remarks
/// ([`emit_remarks`]).
pub fn report_declined(remarks: &[Diagnostic], options: &PassOptions) {
    record_statistic(
        "num-declined",
        "Number of times the pass declined to transform (see remarks=true)",
        remarks.len() as u64,
    );
    if remarks_enabled(options) {
        emit_remarks(remarks);
    }
}

/// Hands `remarks` (or warnings, with their notes) of the running pass to the pass
/// manager, which returns them in [`RunOutput::remarks`] in source order for the caller
/// to render (libraries never print). Outside a pass manager run nobody asked for them
/// and they are dropped.
pub fn emit_remarks(remarks: &[Diagnostic]) {
    with_current_pass(|r| r.remarks.extend_from_slice(remarks));
}

impl Timing {
    fn add(&mut self, name: &str, d: Duration) {
        add_duration(&mut self.passes, name, d);
    }

    /// Adds `other`'s times and statistics to these.
    pub fn merge(&mut self, other: Timing) {
        for (n, d) in other.passes {
            self.add(&n, d);
        }
        self.verification += other.verification;
        for (pass, stats) in other.statistics {
            self.add_statistics(&pass, stats);
        }
        for (pass, phases) in other.phases {
            self.add_phases(&pass, phases);
        }
    }

    fn add_phases(&mut self, pass: &str, phases: Vec<(String, Duration)>) {
        if !phases.is_empty() {
            let entry = entry_of(&mut self.phases, pass);
            for (phase, d) in phases {
                add_duration(entry, &phase, d);
            }
        }
    }

    fn add_statistics(&mut self, pass: &str, stats: Vec<Statistic>) {
        if !stats.is_empty() {
            let entry = entry_of(&mut self.statistics, pass);
            for s in stats {
                add_statistic(entry, s.name, s.description, s.count);
            }
        }
    }
}

/// The list of `pass` in `per_pass` (appended, empty, when new).
fn entry_of<'a, T>(per_pass: &'a mut Vec<(String, Vec<T>)>, pass: &str) -> &'a mut Vec<T> {
    let i = match per_pass.iter().position(|(p, _)| p == pass) {
        Some(i) => i,
        None => {
            per_pass.push((pass.to_string(), Vec::new()));
            per_pass.len() - 1
        }
    };
    &mut per_pass[i].1
}

/// What a pipeline run produced besides the changed IR.
#[derive(Default)]
pub struct RunOutput {
    pub timing: Timing,
    /// IR dumps (`--print-ir-after-all`), in order.
    pub dumps: Vec<String>,
    /// The remarks and warnings the passes emitted ([`emit_remarks`]), sorted by source
    /// location (file, line, column; unlocated ones last), in emission order where equal.
    pub remarks: Vec<Diagnostic>,
}

/// Runs `pipeline` on `root` (whose name must match the pipeline's anchor).
pub fn run_pipeline(
    ir: &mut Ir,
    root: Op,
    pipeline: &OpPipeline,
    options: &RunOptions,
) -> Result<RunOutput, Vec<Diagnostic>> {
    let name = ir.op_name(root).to_string();
    if pipeline.anchor != "any" && pipeline.anchor != name {
        return Err(vec![Diagnostic::error(
            DiagLoc::Loc(ir.loc(root)),
            format!(
                "can't run '{}' pass manager on '{}' op",
                pipeline.anchor, name
            ),
        )]);
    }
    let mut out = RunOutput::default();
    let result = run_on(ir, root, pipeline, options, &mut out, false);
    crate::diag::sort_by_location(ir.ctx(), &mut out.remarks);
    match result {
        Ok(()) => Ok(out),
        // The remarks emitted before the failure come first, as they would have been
        // printed before it.
        Err(errors) => Err(out.remarks.into_iter().chain(errors).collect()),
    }
}

fn run_on(
    ir: &mut Ir,
    op: Op,
    pipeline: &OpPipeline,
    options: &RunOptions,
    out: &mut RunOutput,
    is_nested: bool,
) -> Result<(), Vec<Diagnostic>> {
    for element in &pipeline.elements {
        match element {
            PipelineElement::Pass(def, pass_options) => {
                let op_name = ir.op_name(op).to_string();
                if let Some(anchor) = def.anchor {
                    if anchor != op_name {
                        return Err(vec![Diagnostic::error(
                            DiagLoc::Loc(ir.loc(op)),
                            format!(
                                "can't run '{}' pass on '{}' op (it runs on '{}')",
                                def.name, op_name, anchor
                            ),
                        )]);
                    }
                }
                let start = Instant::now();
                let outer = CURRENT_PASS.with(|c| c.replace(Some(PassRecord::default())));
                let with_machine = PassOptions {
                    machine: options.machine,
                    all_remarks: options.remarks,
                    ..pass_options.clone()
                };
                let result = (def.run)(ir, op, &with_machine);
                let record = CURRENT_PASS.with(|c| c.replace(outer)).unwrap_or_default();
                out.remarks.extend(record.remarks);
                result?;
                out.timing.add(def.display_name, start.elapsed());
                out.timing
                    .add_statistics(def.display_name, record.statistics);
                out.timing.add_phases(def.display_name, record.phases);
                if options.verify_each {
                    let start = Instant::now();
                    let errors = verify(ir, op);
                    out.timing.verification += start.elapsed();
                    if !errors.is_empty() {
                        return Err(errors);
                    }
                }
                if options.print_ir_after_all {
                    // mlir-opt leaves one blank line after a nested op's dump and two
                    // after the top-level op's.
                    let trailer = if is_nested { "\n" } else { "\n\n" };
                    out.dumps.push(format!(
                        "// -----// IR Dump After {} ({}) //----- //\n{}{trailer}",
                        def.display_name,
                        def.name,
                        print_op(ir, op, options.print)
                    ));
                }
            }
            PipelineElement::Nested(nested) => run_nested(ir, op, nested, options, out)?,
        }
    }
    Ok(())
}

/// Runs `nested` on every direct child of `op` named like its anchor. Children that are
/// isolated from above are moved into their own `Ir` and processed in parallel.
fn run_nested(
    ir: &mut Ir,
    op: Op,
    nested: &OpPipeline,
    options: &RunOptions,
    out: &mut RunOutput,
) -> Result<(), Vec<Diagnostic>> {
    let mut targets = Vec::new();
    for &r in ir.regions(op) {
        for b in ir.region_blocks(r) {
            for child in ir.block_ops(b) {
                if nested.anchor == "any" || ir.op_name(child) == nested.anchor {
                    targets.push(child);
                }
            }
        }
    }
    // A symbol table nested in another (a module in a module) stays in place: what its
    // symbols' visibility means depends on its parent (symbol-dce keeps the `nested`
    // symbols of a public module), which a detached op no longer has.
    let isolated = targets.iter().all(|&t| {
        ir.has_trait(t, Traits::ISOLATED_FROM_ABOVE) && !ir.has_trait(t, Traits::SYMBOL_TABLE)
    });
    if !options.parallel || targets.len() < 2 || !isolated {
        // Like the parallel path: every target runs, and every failure is reported.
        let mut errors = Vec::new();
        for t in targets {
            if let Err(e) = run_on(ir, t, nested, options, out, true) {
                errors.extend(e);
            }
        }
        return if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        };
    }
    // Move each target into its own Ir, remembering where it was.
    let mut jobs = Vec::new();
    for &t in &targets {
        let anchor_next = ir.next_op(t);
        let block = ir.op_parent(t).expect("nested op is in a block");
        ir.detach_op(t);
        let mut own = Ir::new(ir.ctx_arc().clone());
        let moved = ir.transfer_op(t, &mut own);
        jobs.push((own, moved, block, anchor_next));
    }
    // Targets were detached in order, so each remembered `anchor_next` is either another
    // target (restored before it) or a non-target op still in place.
    type JobResult = (Ir, Op, RunOutput, Result<(), Vec<Diagnostic>>);
    let results: Vec<JobResult> = jobs
        .par_iter_mut()
        .map(|(own, moved, _, _)| {
            let mut local = RunOutput::default();
            // A detached op cannot be verified on its own (parent-op rules and symbol
            // uses look outside it); it is verified once it is back in place, below.
            let detached = RunOptions {
                verify_each: false,
                ..*options
            };
            let r = run_on(own, *moved, nested, &detached, &mut local, true);
            (
                std::mem::replace(own, Ir::new(own.ctx_arc().clone())),
                *moved,
                local,
                r,
            )
        })
        .collect();
    let mut errors = Vec::new();
    let mut new_handles = Vec::new();
    for ((mut own, moved, local, result), _) in results.into_iter().zip(&jobs) {
        let back = own.transfer_op(moved, ir);
        new_handles.push(back);
        out.remarks.extend(local.remarks);
        match result {
            Ok(()) => {
                out.timing.merge(local.timing);
                out.dumps.extend(local.dumps);
            }
            Err(e) => errors.extend(e),
        }
    }
    // Reinsert in reverse so each anchor (the next op, possibly a reinserted target) is
    // already in place.
    let old_to_new: rustc_hash::FxHashMap<Op, Op> = targets
        .iter()
        .copied()
        .zip(new_handles.iter().copied())
        .collect();
    for (i, (_, _, block, anchor_next)) in jobs.iter().enumerate().rev() {
        let new = new_handles[i];
        match anchor_next.map(|a| *old_to_new.get(&a).unwrap_or(&a)) {
            Some(next) => ir.insert_op_before(next, new),
            None => ir.append_op(*block, new),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Verify each op in its real context (its parent and symbol table).
    if options.verify_each {
        let start = Instant::now();
        let errors: Vec<Diagnostic> = new_handles.iter().flat_map(|&op| verify(ir, op)).collect();
        if !errors.is_empty() {
            return Err(errors);
        }
        out.timing.verification += start.elapsed();
    }
    Ok(())
}

/// Renders the statistics like mlir-opt's `--mlir-pass-statistics
/// --mlir-pass-statistics-display=list`: passes that recorded none are left out.
pub fn render_statistics(timing: &Timing) -> String {
    let mut s = String::new();
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str("                         ... Pass statistics report ...\n");
    s.push_str("===-------------------------------------------------------------------------===\n");
    for (pass, stats) in &timing.statistics {
        s.push_str(pass);
        s.push('\n');
        let value_width = stats
            .iter()
            .map(|st| st.count.to_string().len())
            .max()
            .unwrap_or(1);
        let name_width = stats.iter().map(|st| st.name.len()).max().unwrap_or(1);
        for st in stats {
            s.push_str(&format!(
                "  (S) {:>vw$} {:<nw$} - {}\n",
                st.count,
                st.name,
                st.description,
                vw = value_width,
                nw = name_width
            ));
        }
    }
    s
}

/// Renders a timing report like mlir-opt's `--mlir-timing`.
pub fn render_timing(timing: &Timing, parse: Duration, print: Duration) -> String {
    let mut rows: Vec<(String, Duration)> = vec![("Parser".to_string(), parse)];
    rows.extend(timing.passes.iter().cloned());
    rows.push(("Verifier".to_string(), timing.verification));
    rows.push(("Output".to_string(), print));
    let total: Duration = rows.iter().map(|(_, d)| *d).sum();
    // A pass's phases, indented under it as mlir-opt nests timers (part of its time, not
    // added to the total).
    let rows = rows.into_iter().flat_map(|(name, d)| {
        let phases = timing.phases.iter().find(|(p, _)| *p == name);
        let nested = phases.into_iter().flat_map(|(_, ph)| ph.iter());
        let nested = nested.map(|(phase, d)| (format!("  {phase}"), *d));
        std::iter::once((name, d)).chain(nested.collect::<Vec<_>>())
    });
    let mut s = String::new();
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str("                         ... Execution time report ...\n");
    s.push_str("===-------------------------------------------------------------------------===\n");
    s.push_str(&format!(
        "  Total Execution Time: {:.4} seconds\n\n",
        total.as_secs_f64()
    ));
    s.push_str("  ----Wall Time----  ----Name----\n");
    for (name, d) in rows {
        let pct = if total.is_zero() {
            0.0
        } else {
            100.0 * d.as_secs_f64() / total.as_secs_f64()
        };
        s.push_str(&format!(
            "  {:>8.4} ({:>5.1}%)  {}\n",
            d.as_secs_f64(),
            pct,
            name
        ));
    }
    s.push_str(&format!("  {:>8.4} (100.0%)  Total\n", total.as_secs_f64()));
    s
}

#[cfg(test)]
mod option_tests {
    use super::*;

    #[test]
    fn option_values_are_checked_against_their_declaration() {
        let tile = PassOption::ints("tile-sizes", 1, i64::MAX, "", "");
        assert!(tile.check("4,8").is_ok());
        for bad in ["0", "-3", "", "4,x", "4,,8"] {
            assert!(tile.check(bad).is_err(), "{bad:?} accepted");
        }
        let b = PassOption::bool("tile", true, "");
        assert!(b.check("").is_ok() && b.check("false").is_ok());
        assert_eq!(
            b.check("yes").unwrap_err().to_string(),
            "option 'tile': expected true or false, got 'yes'"
        );
        let n = PassOption::int("ways", 1, 64, "", "");
        assert_eq!(
            n.check("65").unwrap_err().to_string(),
            "option 'ways': expected an integer from 1 to 64, got '65'"
        );
        assert_eq!(n.value_syntax(), "<int 1..64>");
        let c = PassOption::choice("fuse", &["smart", "max"], "smart", "");
        assert!(c.check("max").is_ok() && c.check("maxx").is_err());
    }

    /// A pass's typed options, counting how often they are parsed.
    struct Sizes(Vec<i64>);

    static PARSES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    impl PassConfig for Sizes {
        fn from_options(o: &OptionValues) -> Result<Self, OptionError> {
            PARSES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            match o.int_list("sizes")? {
                s if s.len() > 3 => Err(OptionError::invalid("sizes", "at most 3 sizes")),
                s => Ok(Sizes(s)),
            }
        }
    }

    static TYPED: PassDef = PassDef {
        name: "test-typed",
        display_name: "TestTyped",
        summary: "test only",
        anchor: None,
        options: &[
            PassOption::ints("sizes", 1, i64::MAX, "", ""),
            PassOption::bool("remarks", false, ""),
        ],
        configure: configure::<Sizes>,
        run: |_, _, _| Ok(()),
    };

    #[test]
    fn typed_options_are_parsed_once_when_the_pipeline_is_built() {
        let o = parse_pass_options(&TYPED, "sizes=4,8").expect("valid");
        let before = PARSES.load(std::sync::atomic::Ordering::Relaxed);
        let (a, b) = (o.typed::<Sizes>().unwrap(), o.typed::<Sizes>().unwrap());
        assert!(std::sync::Arc::ptr_eq(&a, &b), "parsed again");
        assert_eq!(a.0, [4, 8]);
        assert_eq!(PARSES.load(std::sync::atomic::Ordering::Relaxed), before);
        // A check across values fails when the pipeline is built, naming pass and option.
        let err = parse_pass_options(&TYPED, "sizes=1,2,3,4").unwrap_err();
        assert_eq!(
            err.to_string(),
            "pass 'test-typed': option 'sizes': at most 3 sizes"
        );
        assert!(matches!(
            err,
            OptionError::InPass {
                pass: "test-typed",
                ..
            }
        ));
        // Options built from entries (a pipeline pass's steps) are parsed when built, and
        // checked against the declarations as option text is.
        let built = PassOptions::new(&TYPED, vec![("sizes".into(), "2".into())]).unwrap();
        assert_eq!(built.typed::<Sizes>().unwrap().0, [2]);
        assert_eq!(
            PassOptions::new(&TYPED, vec![("sizes".into(), "0".into())])
                .unwrap_err()
                .to_string(),
            "pass 'test-typed': option 'sizes': expected a comma-separated list of integers >= 1, got '0'"
        );
        // Asking for another pass's options is an error, not a panic.
        assert!(matches!(
            built.typed::<NoOptions>(),
            Err(OptionError::Unconfigured { pass: "test-typed" })
        ));
        // A pass without options in braces still gets its typed defaults.
        let registry = {
            let mut r = PassRegistry::new();
            r.register(&[&TYPED]);
            r
        };
        let p = OpPipeline::parse("builtin.module(test-typed)", &registry).unwrap();
        let PipelineElement::Pass(_, o) = &p.elements[0] else {
            panic!("not a pass")
        };
        assert_eq!(o.typed::<Sizes>().unwrap().0, Vec::<i64>::new());
    }

    #[test]
    fn remark_options_are_read_when_the_pipeline_is_built() {
        let mut o = parse_pass_options(&TYPED, "").unwrap();
        assert!(!remarks_enabled(&o));
        o.all_remarks = true;
        assert!(remarks_enabled(&o), "--remarks asks every pass");
        let mut off = parse_pass_options(&TYPED, "remarks=false").unwrap();
        off.all_remarks = true;
        assert!(!remarks_enabled(&off), "the pass's own remarks=false wins");
        assert!(!off.emit_remarks(), "test-typed declares no emit-remarks");
    }

    #[test]
    fn pipeline_errors_say_what_and_where() {
        let mut registry = PassRegistry::new();
        registry.register(&[&TYPED]);
        let err = |text: &str| OpPipeline::parse(text, &registry).unwrap_err().to_string();
        assert_eq!(
            err("builtin.module(test-typd)"),
            "'test-typd' does not refer to a registered pass or pass pipeline; did you mean 'test-typed'?"
        );
        assert_eq!(
            err("builtin.module(test-typed{sizes=0})"),
            "pass 'test-typed': option 'sizes': expected a comma-separated list of integers >= 1, got '0'"
        );
        assert_eq!(
            err("builtin.module(test-typed{sizes=1"),
            "unterminated options for pass 'test-typed'"
        );
        assert_eq!(
            err("builtin.module(test-typed) x"),
            "unexpected 'x' at offset 27 in pass pipeline"
        );
        assert_eq!(
            err("builtin.module(test-typed cse)"),
            "expected ',' or ')' at offset 26 in pass pipeline"
        );
    }

    #[test]
    fn unknown_options_name_the_pass_and_the_nearest_option() {
        let e = parse_pass_options(&TYPED, "size=4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown option 'size' for pass 'test-typed'; did you mean 'sizes'? (known: sizes, remarks; see `lattice opt --help-pass test-typed`)"
        );
    }

    #[test]
    fn typos_get_the_nearest_name() {
        let names = ["affine-loop-tile", "affine-loop-unroll", "canonicalize"];
        assert_eq!(
            did_you_mean("affine-loop-tiel", names),
            Some("affine-loop-tile")
        );
        assert_eq!(did_you_mean("canonicalise", names), Some("canonicalize"));
        assert_eq!(did_you_mean("cse", names), None);
    }
}
