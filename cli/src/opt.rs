//! `lattice opt`: mlir-opt's contract — read MLIR text (a file or `-`), optionally split it
//! on `// -----`, parse, verify, run a pass pipeline, verify again, and print.
//!
//! Invariants: each chunk gets its own `Ir` and its own source buffer whose text keeps the
//! original file's line and column numbers (everything before the chunk is blanked out),
//! so every location and diagnostic points at the real line; `-o FILE` is written to a
//! temporary file in the same directory and renamed over `FILE` only when every chunk
//! succeeded, so a failed run never leaves a corrupted output.

pub(crate) use crate::common::write_atomically;
use crate::common::PassFlags;
use crate::expected;
use lattice_cli::{args, make_context, make_registry};
use lattice_ir::diag::{DiagLoc, Diagnostic, SourceMap};
use lattice_ir::pass::{
    render_pass_help, render_pass_options_markdown, render_statistics, render_timing, run_pipeline,
    OpPipeline, PassRegistry, RunOptions, Timing,
};
use lattice_ir::printer::{print_op_with_resources, PrintOptions};
use lattice_ir::resources::{builtin_group, file_metadata_text};
use lattice_ir::{Context, Ir, Span};
use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Parsed command-line options of `lattice opt`.
struct OptArgs {
    input: Option<String>,
    output: Option<String>,
    split_marker: Option<String>,
    allow_unregistered: bool,
    verify_diagnostics: bool,
    /// The `--mlir-print-*` flags.
    print: PrintOptions,
    /// `--mlir-print-op-on-diagnostic` (default true), off under `--verify-diagnostics`
    /// as in mlir-opt.
    print_op_on_diagnostic: bool,
    /// `--no-implicit-module`: the chunk's single top-level op is the root, unwrapped.
    no_implicit_module: bool,
    passes: PassFlags,
    print_ir_after_all: bool,
    timing: bool,
    statistics: bool,
    verify_each: bool,
    threading: bool,
    /// `--help-pass=NAME`: print that pass's help and stop.
    help_pass: Option<&'static lattice_ir::pass::PassDef>,
    /// `--print-machine`: print the effective target machine and exit.
    print_machine: bool,
    /// `--help-passes-markdown` (not in the help): print every pass's options as the
    /// Markdown tables of `docs/opt.md` and stop.
    help_markdown: bool,
    /// The effective target machine (`--machine`, `$LATTICE_MACHINE`, the host).
    machine: lattice_ir::target::Machine,
}

/// The boolean flags of `lattice opt`: id, mlir-opt's other spelling, help.
const BOOL_FLAGS: &[(&str, Option<&str>, &str)] = &[
    ("allow-unregistered-dialect", None, "Accept and round-trip ops of unknown dialects"),
    ("verify-diagnostics", None, "Check `// expected-error {{...}}` annotations"),
    ("mlir-print-op-generic", None, "Print every op in the generic form"),
    ("mlir-print-debuginfo", None, "Print locations"),
    ("mlir-pretty-debuginfo", None, "With --mlir-print-debuginfo: locations as file:1:2, \"name\", [unknown] instead of loc(...)"),
    ("mlir-print-local-scope", None, "No #map/#loc aliases: attributes written in full"),
    ("mlir-print-skip-regions", None, "Print every region as {...}"),
    ("mlir-print-unique-ssa-ids", None, "Number values across sibling regions uniquely"),
    ("mlir-use-nameloc-as-prefix", None, "Name a value after its loc(\"name\") location"),
    ("mlir-print-value-users", None, "Comment each op and block argument with the users of its values"),
    ("mlir-print-op-on-diagnostic", None, "Attach the op (generic form) to each diagnostic emitted on it, as a `see current operation:` note; never under --verify-diagnostics [default: true]"),
    ("mlir-print-assume-verified", None, "Accepted: Lattice prints only verified IR, unchecked"),
    ("no-implicit-module", None, "The input's single top-level op is the root (no implicit builtin.module around it)"),
    ("print-ir-after-all", Some("mlir-print-ir-after-all"), "Dump the IR after each pass to stderr"),
    ("timing", Some("mlir-timing"), "Print a timing report to stderr"),
    ("mlir-pass-statistics", Some("pass-statistics"), "Print the passes' statistics to stderr (what they did and why they declined; list display)"),
    ("verify-each", None, "Verify after each pass (--verify-each=false: do not) [default: true]"),
    ("mlir-disable-threading", None, "Run nested pass pipelines sequentially"),
    ("print-machine", None, "Print the effective machine (--machine, $LATTICE_MACHINE, the host) as a spec and exit"),
];

/// The printer's size limits (mlir-opt's unsigned options): id, help.
const ELIDE_FLAGS: &[(&str, &str)] = &[
    (
        "mlir-elide-elementsattrs-if-larger",
        "Print a non-splat dense<...> of more than N elements as dense_resource<__elided__>",
    ),
    (
        "mlir-elide-resource-strings-if-larger",
        "Leave out file-metadata resource entries whose value is longer than N characters",
    ),
];

/// `lattice opt`'s arguments: the flags above, the output and pipeline flags and one flag
/// per registered pass.
fn command(registry: &PassRegistry) -> clap::Command {
    use clap::Arg;
    let mut cmd = args::command(
        "opt",
        "Reads MLIR (LLVM 22 syntax) from FILE or standard input, verifies it, runs the requested passes, verifies again and prints the result, like mlir-opt",
    )
    .arg(Arg::new("input").value_name("FILE|-").help("The input (default: standard input)"))
    .arg(
        Arg::new("output")
            .short('o')
            .value_name("FILE")
            .help("Write the output to FILE (atomically; only on success); `-` is standard output"),
    )
    .arg(
        Arg::new("split-input-file")
            .long("split-input-file")
            .value_name("MARKER")
            .num_args(0..=1)
            .require_equals(true)
            .default_missing_value("// -----")
            .help("Process each `// -----` (or MARKER) chunk separately"),
    );
    for &(name, alias, help) in BOOL_FLAGS {
        let mut flag = args::bool_flag(name, help);
        if let Some(alias) = alias {
            flag = flag.visible_alias(alias);
        }
        cmd = cmd.arg(flag);
    }
    cmd.arg(
        args::value(
            "mlir-pass-statistics-display",
            "list|pipeline",
            "Accepted; statistics are listed",
        )
        .value_parser(["list", "pipeline"]),
    )
    .args(
        ELIDE_FLAGS.iter().map(|&(name, help)| {
            args::value(name, "N", help).value_parser(clap::value_parser!(u32))
        }),
    )
    .arg(args::value(
        "help-pass",
        "NAME",
        "Print one pass with its options",
    ))
    .arg(
        args::bool_flag(
            "help-passes-markdown",
            "Print every pass's options as Markdown",
        )
        .hide(true),
    )
    .args(args::pass_args(registry))
}

fn parse_args(args: &[String], registry: &PassRegistry) -> Result<OptArgs, ExitCode> {
    let m = args::parse_matches(command(registry), args)?;
    let flag = |name: &str| args::get_bool(&m, name, false);
    let print = PrintOptions {
        generic: flag("mlir-print-op-generic"),
        debug_info: flag("mlir-print-debuginfo"),
        pretty_debug_info: flag("mlir-pretty-debuginfo"),
        local_scope: flag("mlir-print-local-scope"),
        skip_regions: flag("mlir-print-skip-regions"),
        unique_ssa_ids: flag("mlir-print-unique-ssa-ids"),
        name_loc_as_prefix: flag("mlir-use-nameloc-as-prefix"),
        elide_elements_above: m
            .get_one::<u32>("mlir-elide-elementsattrs-if-larger")
            .map(|&n| n.into()),
        elide_resource_strings_above: m
            .get_one::<u32>("mlir-elide-resource-strings-if-larger")
            .map(|&n| n.into()),
        value_users: flag("mlir-print-value-users"),
        ..PrintOptions::default()
    };
    let help_pass = match args::get_string(&m, "help-pass") {
        None => None,
        Some(name) => Some(
            registry
                .lookup(&name)
                .ok_or_else(|| usage_error(&unknown_pass(&name, registry)))?,
        ),
    };
    let passes = PassFlags::from_matches(&m, registry);
    let machine = passes.machine().map_err(|e| usage_error(&e))?;
    Ok(OptArgs {
        input: args::get_string(&m, "input"),
        output: args::get_string(&m, "output"),
        split_marker: args::get_string(&m, "split-input-file").map(|m| {
            if m.is_empty() {
                "// -----".to_string()
            } else {
                m
            }
        }),
        allow_unregistered: flag("allow-unregistered-dialect"),
        verify_diagnostics: flag("verify-diagnostics"),
        print,
        print_op_on_diagnostic: args::get_bool(&m, "mlir-print-op-on-diagnostic", true)
            && !flag("verify-diagnostics"),
        no_implicit_module: flag("no-implicit-module"),
        passes,
        print_ir_after_all: flag("print-ir-after-all"),
        timing: flag("timing"),
        statistics: flag("mlir-pass-statistics"),
        verify_each: args::get_bool(&m, "verify-each", true),
        threading: !flag("mlir-disable-threading"),
        help_pass,
        print_machine: flag("print-machine"),
        help_markdown: flag("help-passes-markdown"),
        machine,
    })
}

/// `unknown pass 'NAME'`, with the likely meant one.
fn unknown_pass(name: &str, registry: &PassRegistry) -> String {
    match registry.suggest(name) {
        Some(m) => format!("unknown pass '{name}'; did you mean '{m}'?"),
        None => format!("unknown pass '{name}' (see `lattice opt --help`)"),
    }
}

/// A usage error of `lattice opt`, in clap's format ([`args::usage_error`]).
fn usage_error(message: &str) -> ExitCode {
    args::usage_error(command(&make_registry()), message)
}

fn build_pipeline(a: &OptArgs, registry: &PassRegistry) -> Result<OpPipeline, String> {
    a.passes.build(registry)
}

/// Entry point of `lattice opt`.
pub fn main(args: &[String]) -> ExitCode {
    let registry = make_registry();
    let a = match parse_args(args, &registry) {
        Ok(a) => a,
        Err(code) => return code,
    };
    if let Some(def) = a.help_pass {
        print!("{}", render_pass_help(def));
        return ExitCode::SUCCESS;
    }
    if a.help_markdown {
        print!("{}", render_pass_options_markdown(&registry.passes()));
        return ExitCode::SUCCESS;
    }
    if a.print_machine {
        println!("{}", a.machine);
        return ExitCode::SUCCESS;
    }
    let pipeline = match build_pipeline(&a, &registry) {
        Ok(p) => p,
        Err(e) => return usage_error(&e),
    };
    let input_name = a.input.clone().unwrap_or_else(|| "-".to_string());
    let (display_name, bytes) = match read_input(&input_name) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("lattice opt: cannot read '{input_name}': {e}");
            return ExitCode::from(1);
        }
    };
    let mut ctx = make_context(a.allow_unregistered);
    ctx.print_op_on_diagnostic = a.print_op_on_diagnostic;
    ctx.diagnostic_print_options = a.print;
    let ctx = Arc::new(ctx);
    let start = Instant::now();
    let mut sources = lattice_cli::source_map();
    let (text, utf8_error) = match String::from_utf8(bytes) {
        Ok(t) => (t, None),
        Err(e) => {
            let offset = e.utf8_error().valid_up_to();
            (
                String::from_utf8_lossy(e.as_bytes()).into_owned(),
                Some(offset),
            )
        }
    };
    if let Some(offset) = utf8_error {
        let id = sources.add(&display_name, &text);
        let d = Diagnostic::error(
            DiagLoc::Span(id, Span::new(offset, offset + 1)),
            "input is not valid UTF-8",
        );
        eprint!("{}", sources.render(&ctx, &[d], Some(id)));
        return ExitCode::from(1);
    }
    let chunks = split_chunks(&text, a.split_marker.as_deref());
    let mut outputs = Vec::new();
    let mut failed = false;
    let mut timing = Timing::default();
    let mut parse_time = Duration::ZERO;
    let mut print_time = Duration::ZERO;
    for chunk in &chunks {
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            process_chunk(&ctx, &mut sources, &display_name, chunk, &a, &pipeline)
        }));
        let r = match result {
            Ok(r) => r,
            Err(panic) => {
                let msg = crate::common::panic_message(panic.as_ref());
                eprintln!(
                    "lattice opt: internal error while processing '{display_name}' (chunk at line {}): {msg}\n\
                     This is a bug in Lattice; please report it with the input.",
                    chunk.line
                );
                failed = true;
                outputs.push(String::new());
                continue;
            }
        };
        parse_time += r.parse_time;
        timing.verification += r.verify_time;
        print_time += r.print_time;
        if let Some(t) = r.timing {
            timing.merge(t);
        }
        for dump in &r.dumps {
            eprint!("{dump}");
        }
        if !r.stderr.is_empty() {
            eprint!("{}", r.stderr);
        }
        failed |= !r.ok;
        outputs.push(r.output.unwrap_or_default());
    }
    let mut out = String::new();
    for (i, o) in outputs.iter().enumerate() {
        if i > 0 {
            out.push_str(a.split_marker.as_deref().unwrap_or("// -----"));
            out.push('\n');
        }
        out.push_str(o);
    }
    if a.statistics {
        eprint!("{}", render_statistics(&timing));
    }
    if a.timing {
        let _ = start;
        eprint!("{}", render_timing(&timing, parse_time, print_time));
    }
    match &a.output {
        None => {
            let mut stdout = std::io::stdout().lock();
            let _ = stdout.write_all(out.as_bytes());
            let _ = stdout.flush();
        }
        Some(path) if path == "-" => {
            let _ = std::io::stdout().write_all(out.as_bytes());
        }
        Some(path) => {
            if !failed {
                if let Err(e) = write_atomically(path, out.as_bytes()) {
                    eprintln!("lattice opt: cannot write '{path}': {e}");
                    return ExitCode::from(1);
                }
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn read_input(name: &str) -> std::io::Result<(String, Vec<u8>)> {
    if name == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        Ok(("<stdin>".to_string(), bytes))
    } else {
        Ok((name.to_string(), std::fs::read(name)?))
    }
}

/// One `// -----` chunk: its text padded so positions match the original file.
pub struct Chunk {
    /// Whitespace standing for everything before the chunk, then the chunk's text.
    pub text: String,
    /// 1-based line where the chunk starts in the original file.
    pub line: usize,
    /// Byte offset where the chunk's own text starts in `text`.
    pub start: usize,
    /// 0-based position of the chunk in the file.
    pub index: usize,
}

/// Whether `loc` is `file:0:0`, the location of an implicit module (and of
/// `--no-implicit-module`'s error about the number of top-level ops).
fn is_file_start(ctx: &Context, loc: lattice_ir::Attr) -> bool {
    use lattice_ir::{AttrData, Location};
    matches!(
        ctx.attr_data(loc),
        AttrData::Location(Location::FileLineCol {
            line: 0,
            col: 0,
            ..
        })
    )
}

/// The location where `chunk` starts (just after the marker).
fn chunk_start_loc(ctx: &Context, name: &str, chunk: &Chunk) -> lattice_ir::Attr {
    let col = chunk.start - chunk.text[..chunk.start].rfind('\n').map_or(0, |p| p + 1) + 1;
    ctx.loc(lattice_ir::Location::FileLineCol {
        file: name.to_string(),
        line: chunk.line as u32,
        col: col as u32,
        end: None,
    })
}

/// mlir-opt gives the implicit module of every chunk after the first the location where
/// the chunk starts (just after the marker), instead of `file:0:0`.
fn place_implicit_module(ir: &mut Ir, module: lattice_ir::Op, name: &str, chunk: &Chunk) {
    if is_file_start(ir.ctx(), ir.loc(module)) {
        let loc = chunk_start_loc(ir.ctx(), name, chunk);
        ir.set_loc(module, loc);
    }
}

/// The same for a parse error at `file:0:0` (`--no-implicit-module`'s count of
/// top-level ops).
fn place_parse_error(ctx: &Context, mut d: Diagnostic, name: &str, chunk: &Chunk) -> Diagnostic {
    if let lattice_ir::diag::DiagLoc::Loc(loc) = d.loc {
        if chunk.index > 0 && is_file_start(ctx, loc) {
            d.loc = DiagLoc::Loc(chunk_start_loc(ctx, name, chunk));
        }
    }
    d
}

/// Splits `text` on `marker` (mlir-opt's rule: every occurrence splits, the rest of the
/// marker's line belongs to the next chunk).
pub fn split_chunks(text: &str, marker: Option<&str>) -> Vec<Chunk> {
    let Some(marker) = marker else {
        return vec![Chunk {
            text: text.to_string(),
            line: 1,
            start: 0,
            index: 0,
        }];
    };
    let mut chunks = Vec::new();
    let mut begin = 0;
    loop {
        let end = text[begin..].find(marker).map(|p| begin + p);
        let piece_end = end.unwrap_or(text.len());
        let prefix = &text[..begin];
        let newlines = prefix.matches('\n').count();
        let col = begin - prefix.rfind('\n').map_or(0, |p| p + 1);
        let mut padded = String::with_capacity(newlines + col + piece_end - begin);
        padded.extend(std::iter::repeat_n('\n', newlines));
        padded.extend(std::iter::repeat_n(' ', col));
        let start = padded.len();
        padded.push_str(&text[begin..piece_end]);
        chunks.push(Chunk {
            text: padded,
            line: newlines + 1,
            start,
            index: chunks.len(),
        });
        match end {
            Some(e) => begin = e + marker.len(),
            None => break,
        }
    }
    chunks
}

/// Under `--no-implicit-module`, mlir-opt anchors the pass manager of pass flags
/// (`-canonicalize`) on the root op, whatever it is; a `--pass-pipeline` names its anchor.
fn flag_pipeline_on_root(a: &OptArgs, pipeline: &OpPipeline, root: &str) -> Option<OpPipeline> {
    if !a.no_implicit_module || a.passes.pipeline_text.is_some() || pipeline.anchor == root {
        return None;
    }
    Some(OpPipeline {
        anchor: root.to_string(),
        elements: pipeline.elements.clone(),
    })
}

struct ChunkResult {
    ok: bool,
    output: Option<String>,
    stderr: String,
    dumps: Vec<String>,
    timing: Option<Timing>,
    parse_time: Duration,
    verify_time: Duration,
    print_time: Duration,
}

fn process_chunk(
    ctx: &Arc<Context>,
    sources: &mut SourceMap,
    name: &str,
    chunk: &Chunk,
    a: &OptArgs,
    pipeline: &OpPipeline,
) -> ChunkResult {
    let id = sources.add(name, &chunk.text);
    let mut result = ChunkResult {
        ok: false,
        output: None,
        stderr: String::new(),
        dumps: Vec::new(),
        timing: None,
        parse_time: Duration::ZERO,
        verify_time: Duration::ZERO,
        print_time: Duration::ZERO,
    };
    let mut ir = Ir::new(ctx.clone());
    let t = Instant::now();
    let parsed = if a.no_implicit_module {
        lattice_ir::parser::parse_source_without_implicit_module(&mut ir, id, name, &chunk.text)
    } else {
        lattice_ir::parser::parse_source(&mut ir, id, name, &chunk.text)
    };
    result.parse_time = t.elapsed();
    let mut diagnostics = Vec::new();
    // Remarks and warnings of a successful run: shown, and checked by
    // `--verify-diagnostics`, but no failure.
    let mut remarks = Vec::new();
    let mut module = None;
    match parsed {
        Err(d) => diagnostics.push(place_parse_error(ctx, d, name, chunk)),
        Ok(m) => {
            if chunk.index > 0 {
                place_implicit_module(&mut ir, m, name, chunk);
            }
            let t = Instant::now();
            let errors = lattice_ir::verifier::verify(&ir, m);
            result.verify_time = t.elapsed();
            if errors.is_empty() {
                module = Some(m);
            } else {
                diagnostics.extend(errors);
            }
        }
    }
    if let Some(m) = module {
        let options = RunOptions {
            verify_each: a.verify_each,
            print_ir_after_all: a.print_ir_after_all,
            print: a.print,
            parallel: a.threading,
            machine: a.machine,
            remarks: a.passes.remarks,
        };
        if !pipeline.is_empty() {
            let reanchored = flag_pipeline_on_root(a, pipeline, ir.op_name(m));
            match run_pipeline(
                &mut ir,
                m,
                reanchored.as_ref().unwrap_or(pipeline),
                &options,
            ) {
                Ok(out) => {
                    result.dumps = out.dumps;
                    result.timing = Some(out.timing);
                    remarks = out.remarks;
                }
                Err(e) => {
                    diagnostics.extend(e);
                    module = None;
                }
            }
        }
    }
    if let Some(m) = module {
        let t = Instant::now();
        let (mut text, used) = print_op_with_resources(&ir, m, a.print);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        // mlir-opt ends a file with its resources (the blobs printed `dense_resource`s
        // refer to, the external ones) and a blank line, except under local scope.
        if !a.print.local_scope {
            text.push_str(&file_metadata_text(
                &builtin_group(&ir, &used),
                ir.external_resources(),
                a.print.elide_resource_strings_above,
            ));
            text.push('\n');
        }
        result.print_time = t.elapsed();
        result.output = Some(text);
    }
    if a.verify_diagnostics {
        remarks.extend(diagnostics);
        let report = expected::check(
            ctx,
            sources,
            id,
            &chunk.text[chunk.start..],
            chunk.start,
            &remarks,
        );
        result.ok = report.is_empty();
        result.stderr = report;
    } else {
        result.ok = diagnostics.is_empty();
        remarks.extend(diagnostics);
        result.stderr = sources.render(ctx, &remarks, Some(id));
    }
    result
}
