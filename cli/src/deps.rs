//! `lattice deps FILE [--format text|json|dot] [--assume-no-alias]`: the dependence report
//! of every function: its static control parts (statements, domains, accesses), their
//! memory-based and value-based dependences, and per loop whether it is parallel and why
//! not; JSON for tools, DOT for the statement/dependence graph.
//!
//! An input `affine.parallel` whose iterations are not independent (a dimension carries a
//! dependence other than through its own reductions) gets a warning on stderr: MLIR
//! takes the op's word that they are, so nothing else says so; its notes point at the
//! dependence's source and destination ops.
//!
//! Statements, accesses, arrays, loops and dependences are named by their source ops and
//! locations (`the store to %arg0 at 7:7`, [`lattice_polyhedral::scop::SourceNames`]),
//! the isl names (`S0`, `A0`) kept as ids. JSON only ever gains fields: the source names
//! are `source` (arrays, statements, loops), `op` (accesses), `loops` (statements),
//! `src_op`/`dst_op`/`text` (dependences).
//!
//! Exit codes: 0 report printed, 1 unreadable or invalid input (diagnostics on stderr),
//! 2 usage error. Remarks saying why a loop nest is not a static control part are part of
//! the report, not errors. isl failures (including its operation limit) are reported per
//! SCoP and never abort.

use lattice_cli::make_context;
use lattice_dialects::func;
use lattice_ir::diag::{DiagLoc, Diagnostic, Severity};
use lattice_ir::parser::parse_source;
use lattice_ir::{AttrData, Ir, Op, WalkOrder};
use lattice_polyhedral::deps::{
    analyze, dependence_notes, describe, parallel_race, report_text, to_dot, AliasAssumption,
    DepOptions, Dependences,
};
use lattice_polyhedral::isl::{IslCtx, IslOptions, IslText, DEFAULT_MAX_OPERATIONS};
use lattice_polyhedral::scop::{
    extract_scops, loop_iv_name, loop_source_name, value_label, ArrayKind, Scop,
};
use serde_json::{json, Value as Json};
use std::io::Read;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Format {
    Text,
    Json,
    Dot,
}

fn parse_format(text: &str) -> Result<Format, String> {
    match text {
        "text" => Ok(Format::Text),
        "json" => Ok(Format::Json),
        "dot" => Ok(Format::Dot),
        _ => Err("expected text, json or dot".into()),
    }
}

/// `lattice deps`'s arguments.
#[derive(clap::Parser)]
#[command(
    bin_name = "lattice deps",
    about = "lattice deps — dependence report of the affine loop nests of a program"
)]
struct Args {
    /// The MLIR file (`-` for standard input)
    #[arg(value_name = "FILE|-")]
    input: String,
    /// text: readable report per function, SCoP and loop; json: the same as JSON; dot:
    /// Graphviz graph of statements and dependences (one digraph per SCoP)
    #[arg(long, value_name = "text|json|dot", default_value = "text", value_parser = parse_format)]
    format: Format,
    /// Same as --format dot
    #[arg(long, conflicts_with_all = ["format", "json"])]
    dot: bool,
    /// Same as --format json
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Distinct memrefs never alias (MLIR's assumption); by default function arguments
    /// may alias each other unless marked `llvm.noalias`
    #[arg(long)]
    assume_no_alias: bool,
    /// isl's operation limit per SCoP (0 = none): a SCoP needing more is reported as not
    /// analysed
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_OPERATIONS)]
    max_operations: u64,
}

impl Args {
    fn format(&self) -> Format {
        match (self.dot, self.json) {
            (true, _) => Format::Dot,
            (_, true) => Format::Json,
            _ => self.format,
        }
    }

    fn alias(&self) -> AliasAssumption {
        match self.assume_no_alias {
            true => AliasAssumption::DistinctMemrefs,
            false => AliasAssumption::ArgumentsMayAlias,
        }
    }
}

/// Entry point of `lattice deps`.
pub fn main(args: &[String]) -> ExitCode {
    let a: Args = match lattice_cli::args::parse(args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (name, bytes) = if a.input == "-" {
        let mut b = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut b) {
            eprintln!("lattice deps: cannot read standard input: {e}");
            return ExitCode::from(1);
        }
        ("<stdin>".to_string(), b)
    } else {
        match std::fs::read(&a.input) {
            Ok(b) => (a.input.clone(), b),
            Err(e) => {
                eprintln!("lattice deps: cannot read '{}': {e}", a.input);
                return ExitCode::from(1);
            }
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        eprintln!("lattice deps: '{name}' is not valid UTF-8");
        return ExitCode::from(1);
    };
    let ctx = Arc::new(make_context(false));
    let mut ir = Ir::new(ctx.clone());
    let mut sources = lattice_cli::source_map();
    let id = sources.add(&name, &text);
    let top = match parse_source(&mut ir, id, &name, &text) {
        Ok(t) => t,
        Err(d) => {
            eprint!("{}", sources.render(&ctx, &[d], Some(id)));
            return ExitCode::from(1);
        }
    };
    let errors = lattice_ir::verifier::verify(&ir, top);
    if !errors.is_empty() {
        eprint!("{}", sources.render(&ctx, &errors, Some(id)));
        return ExitCode::from(1);
    }
    let options = DepOptions { alias: a.alias() };
    let isl_options = IslOptions {
        max_operations: a.max_operations,
    };
    let (out, warnings) = report(&ir, top, &options, isl_options, a.format());
    eprint!("{}", sources.render(&ctx, &warnings, Some(id)));
    print!("{out}");
    ExitCode::SUCCESS
}

fn func_name(ir: &Ir, f: Op) -> String {
    match ir.attr(f, "sym_name").map(|a| ir.ctx().attr_data(a)) {
        Some(AttrData::String(s)) => String::from_utf8_lossy(s).into_owned(),
        _ => "<anonymous>".into(),
    }
}

fn line_of(ir: &Ir, op: Op) -> Option<u32> {
    lattice_ir::diag::first_file_line_col(ir.ctx(), ir.loc(op)).map(|(_, l, _)| l)
}

fn remark_line(ir: &Ir, d: &Diagnostic) -> String {
    let at = match d.loc {
        DiagLoc::Loc(l) => lattice_ir::diag::first_file_line_col(ir.ctx(), l)
            .map(|(_, line, col)| format!("{line}:{col}: "))
            .unwrap_or_default(),
        _ => String::new(),
    };
    format!("{at}{}", d.message)
}

fn report(
    ir: &Ir,
    top: Op,
    options: &DepOptions,
    isl_options: IslOptions,
    format: Format,
) -> (String, Vec<Diagnostic>) {
    let mut warnings = Vec::new();
    let funcs: Vec<Op> = ir
        .walk_ops(top, WalkOrder::PreOrder)
        .into_iter()
        .filter(|&o| ir.isa::<func::Func>(o))
        .collect();
    let mut text = String::new();
    let mut json_funcs: Vec<Json> = Vec::new();
    if options.alias == AliasAssumption::ArgumentsMayAlias && format == Format::Text {
        text.push_str(
            "assumption: function arguments may alias each other unless marked llvm.noalias; \
             allocations alias nothing\n",
        );
    }
    for f in funcs {
        let name = func_name(ir, f);
        let isl = IslCtx::new(isl_options);
        let ex = extract_scops(ir, &isl, f);
        if ex.scops.is_empty() && ex.remarks.is_empty() {
            continue;
        }
        let mut json_scops = Vec::new();
        if format == Format::Text {
            text.push_str(&format!("function @{name}\n"));
        }
        for (k, scop) in ex.scops.iter().enumerate() {
            isl.reset_operations();
            let lines = scop_lines(ir, scop);
            match analyze(&isl, ir, scop, options) {
                Err(e) => {
                    text.push_str(&format!("  scop {k} ({lines}): not analysed: {e}\n"));
                    json_scops.push(json!({ "index": k, "error": e.to_string() }));
                }
                Ok(deps) => {
                    race_warnings(ir, scop, &deps, &mut warnings);
                    match format {
                        Format::Text => {
                            text.push_str(&format!("  scop {k} ({lines}):\n"));
                            for l in report_text(ir, scop, &deps).lines() {
                                text.push_str("    ");
                                text.push_str(l);
                                text.push('\n');
                            }
                        }
                        Format::Dot => {
                            text.push_str(&to_dot(scop, &deps, &format!("{name}.scop{k}")));
                        }
                        Format::Json => {
                            json_scops.push(scop_json(ir, scop, &deps, k, &lines));
                        }
                    }
                }
            }
        }
        for r in &ex.remarks {
            if format == Format::Text {
                text.push_str(&format!("  remark: {}\n", remark_line(ir, r)));
            }
        }
        json_funcs.push(json!({
            "function": name,
            "scops": json_scops,
            "remarks": ex.remarks.iter().map(|r| remark_line(ir, r)).collect::<Vec<_>>(),
        }));
    }
    match format {
        Format::Json => {
            let doc = json!({
                "alias_assumption": match options.alias {
                    AliasAssumption::ArgumentsMayAlias => "arguments-may-alias",
                    AliasAssumption::DistinctMemrefs => "distinct-memrefs",
                },
                "functions": json_funcs,
            });
            let mut s = serde_json::to_string_pretty(&doc).unwrap_or_default();
            s.push('\n');
            (s, warnings)
        }
        _ => (text, warnings),
    }
}

/// The lines a scop spans, as `line A..B`.
fn scop_lines(ir: &Ir, scop: &Scop) -> String {
    // From the first op's line to the last line any op of the nest starts on.
    let last = scop
        .ops
        .iter()
        .flat_map(|&o| ir.walk_ops(o, lattice_ir::WalkOrder::PreOrder))
        .filter_map(|o| line_of(ir, o))
        .max();
    match (line_of(ir, scop.ops[0]), last) {
        (Some(a), Some(b)) => format!("line {a}..{b}"),
        (Some(a), None) => format!("line {a}"),
        _ => "unknown location".into(),
    }
}

/// A warning for each `affine.parallel` dimension of `scop` whose iterations race.
fn race_warnings(ir: &Ir, scop: &Scop, deps: &Dependences, warnings: &mut Vec<Diagnostic>) {
    for l in &deps.loops {
        if let Some(d) = parallel_race(ir, scop, deps, l) {
            let mut warning = Diagnostic::new(
                Severity::Warning,
                DiagLoc::Loc(ir.loc(l.loop_op)),
                format!(
                    "the iterations of this affine.parallel are not independent (dimension {}): it carries {}; they race when run in parallel",
                    l.index,
                    describe(scop, d)
                ),
            );
            warning.notes = dependence_notes(ir, scop, d);
            warnings.push(warning);
        }
    }
}

/// The JSON object of scop `k` of a function and its dependences (`lattice deps --format json`).
fn scop_json(ir: &Ir, scop: &Scop, deps: &Dependences, k: usize, lines: &str) -> Json {
    let names = &scop.names;
    let stmts: Vec<Json> = scop
        .statements
        .iter()
        .enumerate()
        .map(|(k, s)| {
            json!({
                "name": s.name,
                "source": names.statements[k],
                "loops": names.dims[k],
                "domain": s.domain.text(),
                "depth": s.dims.len(),
                "opaque": s.opaque,
                "accesses": s.accesses.iter().zip(&names.accesses[k]).map(|(a, op)| json!({
                    "kind": a.kind,
                    "array": scop.arrays[a.array].name,
                    "op": op,
                    "relation": a.relation.text(),
                    "exact": a.exact,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let arrays: Vec<Json> = scop
        .arrays
        .iter()
        .zip(&names.arrays)
        .map(|(a, source)| {
            json!({
                "name": a.name,
                "source": source,
                "value": value_label(ir, a.value),
                "source_name": ir.source_name(a.value),
                "kind": match a.kind {
                    ArrayKind::Memref => "memref",
                    ArrayKind::Value => "value",
                    ArrayKind::Carried { .. } => "carried",
                },
                "rank": a.rank,
                "distinct": a.distinct,
            })
        })
        .collect();
    let dependences: Vec<Json> = deps
        .deps
        .iter()
        .map(|d| {
            json!({
                "kind": d.kind.word(),
                "src": scop.statements[d.src].name,
                "dst": scop.statements[d.dst].name,
                "src_op": names.accesses[d.src][d.src_access],
                "dst_op": names.accesses[d.dst][d.dst_access],
                "text": describe(scop, d),
                "array": scop.arrays[d.array].name,
                "alias": d.alias,
                "level": d.level,
                "carried": d.is_carried(),
                "distance": d.distance.iter().map(|&(lo, hi)| json!([lo, hi])).collect::<Vec<_>>(),
                "direction": d.direction_text(),
                "relation": d.relation.text(),
            })
        })
        .collect();
    let flow: Vec<Json> = deps
        .flow
        .iter()
        .map(|f| {
            json!({
                "src": scop.statements[f.src].name,
                "dst": scop.statements[f.dst].name,
                "must": f.must,
                "relation": f.relation.text(),
            })
        })
        .collect();
    let loops: Vec<Json> = deps
    .loops
    .iter()
    .map(|l| {
        json!({
            "op": ir.op_name(l.loop_op),
            "source": loop_source_name(ir, l.loop_op, l.index),
            "line": line_of(ir, l.loop_op),
            "iv": l.index,
            "iv_name": loop_iv_name(ir, l.loop_op, l.index),
            "level": l.depth + 1,
            "parallel": l.parallel,
            "reason": l.reason,
            "race": parallel_race(ir, scop, deps, l).map(|d| describe(scop, d)),
            "carried": l.carried.iter().map(|&k| describe(scop, &deps.deps[k])).collect::<Vec<_>>(),
        })
    })
    .collect();
    json!({
        "index": k,
        "location": lines,
        "params": scop.params.iter().map(|&p| value_label(ir, p)).collect::<Vec<_>>(),
        "param_names": scop.params.iter().map(|&p| ir.source_name(p)).collect::<Vec<_>>(),
        "arrays": arrays,
        "statements": stmts,
        "schedule": scop.schedule.text(),
        "dependences": dependences,
        "flow": flow,
        "loops": loops,
    })
}
