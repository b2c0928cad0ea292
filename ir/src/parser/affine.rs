//! Affine syntax: map and integer-set bodies (`(d0)[s0] -> (d0 + s0)`,
//! `(d0) : (d0 - 1 >= 0)`) and affine maps written over SSA ids (`%i + symbol(%n)`).
//!
//! Invariants: expressions are built only through the context's smart constructors
//! (`add_expr`, `mul_expr`, ...), so they are canonical exactly as MLIR's; the
//! semi-affine rules are enforced as MLIR's parser enforces them (a product needs a
//! symbolic or constant side, a divisor/modulus must be symbolic or constant); division
//! by zero or negative constants is left to the verifier.

use super::lexer::TokKind;
use super::{Delimiter, PResult, Parser, UnresolvedOperand};
use crate::affine::{AffineBinOp, AffineExpr, AffineExprData, AffineMap, IntegerSet};
use crate::context::Context;

/// How identifiers inside an affine expression are resolved.
enum Names {
    /// Named dims and symbols of a map/set body.
    Fixed(Vec<(String, AffineExpr)>),
    /// SSA ids: each new `%x` becomes the next dim, each new `symbol(%x)` the next symbol.
    Ssa {
        dims: Vec<UnresolvedOperand>,
        symbols: Vec<UnresolvedOperand>,
    },
}

/// Expression builders (forwarding to the context's canonicalizing constructors).
mod build {
    use super::*;

    pub fn add(ctx: &Context, a: AffineExpr, b: AffineExpr) -> AffineExpr {
        ctx.add_expr(a, b)
    }
    pub fn sub(ctx: &Context, a: AffineExpr, b: AffineExpr) -> AffineExpr {
        ctx.sub_expr(a, b)
    }
    pub fn neg(ctx: &Context, a: AffineExpr) -> AffineExpr {
        ctx.neg_expr(a)
    }
    pub fn binary(ctx: &Context, op: AffineBinOp, a: AffineExpr, b: AffineExpr) -> AffineExpr {
        match op {
            AffineBinOp::Add => ctx.add_expr(a, b),
            AffineBinOp::Mul => ctx.mul_expr(a, b),
            AffineBinOp::FloorDiv => ctx.floordiv_expr(a, b),
            AffineBinOp::CeilDiv => ctx.ceildiv_expr(a, b),
            AffineBinOp::Mod => ctx.mod_expr(a, b),
        }
    }
}

/// Whether `e` mentions no dimension.
fn is_symbolic_or_constant(ctx: &Context, e: AffineExpr) -> bool {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        match ctx.expr_data(x) {
            AffineExprData::Dim(_) => return false,
            AffineExprData::Binary { lhs, rhs, .. } => {
                stack.push(lhs);
                stack.push(rhs);
            }
            _ => {}
        }
    }
    true
}

impl Parser<'_> {
    /// `(d0, d1)[s0]`: the names of dims and symbols.
    fn parse_dim_symbol_names(&mut self) -> PResult<(Vec<(String, AffineExpr)>, u32, u32)> {
        let mut names = Vec::new();
        let mut num_dims = 0u32;
        let mut num_symbols = 0u32;
        self.parse_comma_list(Delimiter::Paren, "dimensional identifier list", |p| {
            let span = p.current_span();
            let n = p
                .parse_keyword()
                .map_err(|_| p.expected("bare identifier"))?;
            if names.iter().any(|(m, _)| *m == n) {
                return Err(p.error_at(span, "redefinition of identifier '".to_string() + &n + "'"));
            }
            names.push((n, p.ctx().dim_expr(num_dims)));
            num_dims += 1;
            Ok(true)
        })?;
        if self.is_punct("[") {
            self.parse_comma_list(Delimiter::Square, "symbol list", |p| {
                let span = p.current_span();
                let n = p
                    .parse_keyword()
                    .map_err(|_| p.expected("bare identifier"))?;
                if names.iter().any(|(m, _)| *m == n) {
                    return Err(
                        p.error_at(span, "redefinition of identifier '".to_string() + &n + "'")
                    );
                }
                names.push((n, p.ctx().symbol_expr(num_symbols)));
                num_symbols += 1;
                Ok(true)
            })?;
        }
        Ok((names, num_dims, num_symbols))
    }

    /// `(d0)[s0] -> (exprs)` (between `affine_map<` and `>`).
    pub fn parse_affine_map_body(&mut self) -> PResult<AffineMap> {
        let (names, nd, ns) = self.parse_dim_symbol_names()?;
        let mut names = Names::Fixed(names);
        self.expect_msg("->", "expected '->' or ':'")?;
        let mut results = Vec::new();
        self.parse_comma_list(Delimiter::Paren, "affine map range", |p| {
            results.push(p.parse_affine_expr(&mut names)?);
            Ok(true)
        })?;
        Ok(self.ctx().affine_map(nd, ns, results))
    }

    /// `(d0)[s0] : (constraints)` (between `affine_set<` and `>`).
    pub(crate) fn parse_integer_set_body(&mut self) -> PResult<IntegerSet> {
        let (names, nd, ns) = self.parse_dim_symbol_names()?;
        let mut names = Names::Fixed(names);
        self.expect_msg(":", "expected '->' or ':'")?;
        let mut constraints = Vec::new();
        let mut eq_flags = Vec::new();
        self.parse_comma_list(Delimiter::Paren, "integer set constraint list", |p| {
            let lhs = p.parse_affine_expr(&mut names)?;
            let msg = "expected '== affine-expr' or '>= affine-expr' at end of affine constraint";
            let (expr, eq) = if p.eat(">") {
                if !p.eat("=") {
                    return Err(p.error_here(msg));
                }
                let rhs = p.parse_affine_expr(&mut names)?;
                (build::sub(p.ctx(), lhs, rhs), false)
            } else if p.eat("<") {
                if !p.eat("=") {
                    return Err(p.error_here(msg));
                }
                let rhs = p.parse_affine_expr(&mut names)?;
                (build::sub(p.ctx(), rhs, lhs), false)
            } else if p.eat("=") {
                if !p.eat("=") {
                    return Err(p.error_here(msg));
                }
                let rhs = p.parse_affine_expr(&mut names)?;
                (build::sub(p.ctx(), lhs, rhs), true)
            } else {
                return Err(
                    p.expected("'== affine-expr' or '>= affine-expr' at end of affine constraint")
                );
            };
            constraints.push(expr);
            eq_flags.push(eq);
            Ok(true)
        })?;
        Ok(self.ctx().integer_set(nd, ns, constraints, eq_flags))
    }

    pub(crate) fn parse_affine_map_of_ssa_ids_impl(
        &mut self,
        delimiter: Delimiter,
    ) -> PResult<(AffineMap, Vec<UnresolvedOperand>)> {
        let mut names = Names::Ssa {
            dims: Vec::new(),
            symbols: Vec::new(),
        };
        let mut results = Vec::new();
        self.parse_comma_list(delimiter, "affine map", |p| {
            if results.is_empty() && delimiter == Delimiter::None && !p.can_start_affine_expr() {
                return Ok(false);
            }
            results.push(p.parse_affine_expr(&mut names)?);
            Ok(true)
        })?;
        let (mut dims, symbols) = match names {
            Names::Ssa { dims, symbols } => (dims, symbols),
            Names::Fixed(_) => (Vec::new(), Vec::new()),
        };
        let (nd, ns) = (dims.len() as u32, symbols.len() as u32);
        dims.extend(symbols);
        Ok((self.ctx().affine_map(nd, ns, results), dims))
    }

    fn check_right_operand(&self) -> PResult<()> {
        if self.can_start_affine_expr() {
            Ok(())
        } else {
            Err(self.error_here("missing right operand of binary operator"))
        }
    }

    fn can_start_affine_expr(&self) -> bool {
        matches!(
            self.kind(),
            TokKind::PercentId
                | TokKind::Integer
                | TokKind::BareId
                | TokKind::Punct("(")
                | TokKind::Punct("-")
        )
    }

    fn parse_affine_expr(&mut self, names: &mut Names) -> PResult<AffineExpr> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            let mut lhs = self.parse_affine_term(names)?;
            loop {
                if self.eat("+") {
                    self.check_right_operand()?;
                    let rhs = self.parse_affine_term(names)?;
                    lhs = build::add(self.ctx(), lhs, rhs);
                } else if self.is_punct("-") {
                    self.bump();
                    self.check_right_operand()?;
                    let rhs = self.parse_affine_term(names)?;
                    lhs = build::sub(self.ctx(), lhs, rhs);
                } else {
                    return Ok(lhs);
                }
            }
        })
    }

    fn parse_affine_term(&mut self, names: &mut Names) -> PResult<AffineExpr> {
        let mut lhs = self.parse_affine_unary(names)?;
        loop {
            let op = if self.is_punct("*") {
                AffineBinOp::Mul
            } else {
                match self.peek_keyword() {
                    Some("floordiv") => AffineBinOp::FloorDiv,
                    Some("ceildiv") => AffineBinOp::CeilDiv,
                    Some("mod") => AffineBinOp::Mod,
                    _ => return Ok(lhs),
                }
            };
            let op_span = self.current_span();
            self.bump();
            self.check_right_operand()?;
            let rhs = self.parse_affine_unary(names)?;
            let ctx = self.ctx();
            match op {
                AffineBinOp::Mul => {
                    if !is_symbolic_or_constant(ctx, lhs) && !is_symbolic_or_constant(ctx, rhs) {
                        return Err(self.error_at(
                            op_span,
                            "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                        ));
                    }
                }
                _ => {
                    if !is_symbolic_or_constant(ctx, rhs) {
                        let name = match op {
                            AffineBinOp::FloorDiv => "floordiv",
                            AffineBinOp::CeilDiv => "ceildiv",
                            _ => "mod",
                        };
                        return Err(self.error_at(
                            op_span,
                            format!("non-affine expression: right operand of {name} has to be either a constant or symbolic"),
                        ));
                    }
                }
            }
            lhs = build::binary(self.ctx(), op, lhs, rhs);
        }
    }

    fn parse_affine_unary(&mut self, names: &mut Names) -> PResult<AffineExpr> {
        stacker::maybe_grow(64 * 1024, 4 * 1024 * 1024, || {
            if self.is_punct("-") {
                self.bump();
                // `-3` is the constant -3; `-x` is `x * -1`.
                if self.kind() == TokKind::Integer {
                    let v = self.parse_affine_int()?;
                    return Ok(self.ctx().constant_expr(v.wrapping_neg()));
                }
                // As MLIR, a failed operand adds its own error.
                let e = self
                    .parse_affine_unary(names)
                    .map_err(|d| d.followed_by(self.error_here("missing operand of negation")))?;
                return Ok(build::neg(self.ctx(), e));
            }
            self.parse_affine_primary(names)
        })
    }

    fn parse_affine_int(&mut self) -> PResult<i64> {
        let span = self.current_span();
        let v = self.parse_integer()?;
        i64::try_from(v).map_err(|_| self.error_at(span, "constant too large for index"))
    }

    fn parse_affine_primary(&mut self, names: &mut Names) -> PResult<AffineExpr> {
        match self.kind() {
            TokKind::Punct("(") => {
                self.bump();
                if self.is_punct(")") {
                    return Err(self.error_here("no expression inside parentheses"));
                }
                let e = self.parse_affine_expr(names)?;
                if !self.eat(")") {
                    return Err(self.expected("')'"));
                }
                Ok(e)
            }
            TokKind::Integer => {
                let v = self.parse_affine_int()?;
                Ok(self.ctx().constant_expr(v))
            }
            TokKind::BareId => {
                let span = self.current_span();
                let name = self.tok_text();
                match names {
                    Names::Fixed(list) => match list.iter().find(|(n, _)| n == name) {
                        Some(&(_, e)) => {
                            self.bump();
                            Ok(e)
                        }
                        None => Err(self.error_at(span, "use of undeclared identifier")),
                    },
                    Names::Ssa { .. } if name == "symbol" => {
                        self.bump();
                        self.expect("(")?;
                        let op = self.parse_operand()?;
                        self.expect(")")?;
                        Ok(self.ssa_id_expr(names, op, true))
                    }
                    Names::Ssa { .. } => Err(self.error_at(span, "expected SSA id or 'symbol'")),
                }
            }
            TokKind::PercentId if matches!(names, Names::Ssa { .. }) => {
                let op = self.parse_operand()?;
                Ok(self.ssa_id_expr(names, op, false))
            }
            TokKind::Punct("-") => self.parse_affine_unary(names),
            // `floordiv`, `ceildiv` and `mod` here are identifiers, as in MLIR's lexer.
            TokKind::Punct("+" | "*") => {
                Err(self.error_here("missing left operand of binary operator"))
            }
            _ => Err(self.expected("affine expression")),
        }
    }

    fn ssa_id_expr(&self, names: &mut Names, op: UnresolvedOperand, is_symbol: bool) -> AffineExpr {
        let Names::Ssa { dims, symbols } = names else {
            // Only reachable with SSA names (callers check); a constant keeps it total.
            return self.ctx().constant_expr(0);
        };
        // As MLIR's `parseSSAIdExpr`: an id seen before keeps its first role, so in
        // `%i + symbol(%i)` both are `d0`.
        let same = |o: &UnresolvedOperand| o.name == op.name && o.number == op.number;
        if let Some(p) = dims.iter().position(same) {
            return self.ctx().dim_expr(p as u32);
        }
        if let Some(p) = symbols.iter().position(same) {
            return self.ctx().symbol_expr(p as u32);
        }
        let list = if is_symbol { symbols } else { dims };
        let pos = match list
            .iter()
            .position(|o| o.name == op.name && o.number == op.number)
        {
            Some(p) => p,
            None => {
                list.push(op);
                list.len() - 1
            }
        };
        if is_symbol {
            self.ctx().symbol_expr(pos as u32)
        } else {
            self.ctx().dim_expr(pos as u32)
        }
    }
}

impl Parser<'_> {
    /// One affine expression over SSA ids (`%i + symbol(%n) * 2`), as MLIR's
    /// `parseAffineExprOfSSAIds`: returns the expression and its dim and symbol operands.
    pub fn parse_affine_expr_of_ssa_ids(
        &mut self,
    ) -> PResult<(AffineExpr, Vec<UnresolvedOperand>, Vec<UnresolvedOperand>)> {
        let mut names = Names::Ssa {
            dims: Vec::new(),
            symbols: Vec::new(),
        };
        let expr = self.parse_affine_expr(&mut names)?;
        match names {
            Names::Ssa { dims, symbols } => Ok((expr, dims, symbols)),
            Names::Fixed(_) => Ok((expr, Vec::new(), Vec::new())),
        }
    }
}
