// Lowering coverage for cli/tests/run_vs_runner.rs: scf.while, scf.if with results,
// floordivsi/ceildivsi, math intrinsics, cf.br/cond_br/switch with block arguments.
func.func private @printI64(i64)
func.func private @printF64(f64)
func.func private @printNewline()
func.func @collatz(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c3 = arith.constant 3 : i64
  %r:2 = scf.while (%x = %n, %s = %c0) : (i64, i64) -> (i64, i64) {
    %ne = arith.cmpi ne, %x, %c1 : i64
    scf.condition(%ne) %x, %s : i64, i64
  } do {
  ^bb0(%x: i64, %s: i64):
    %m = arith.remsi %x, %c2 : i64
    %even = arith.cmpi eq, %m, %c0 : i64
    %nx = scf.if %even -> i64 {
      %h = arith.divsi %x, %c2 : i64
      scf.yield %h : i64
    } else {
      %t = arith.muli %x, %c3 : i64
      %u = arith.addi %t, %c1 : i64
      scf.yield %u : i64
    }
    %ns = arith.addi %s, %c1 : i64
    scf.yield %nx, %ns : i64, i64
  }
  return %r#1 : i64
}
func.func @divs() {
  %a = arith.constant -7 : i64
  %b = arith.constant 2 : i64
  %q1 = arith.floordivsi %a, %b : i64
  %q2 = arith.ceildivsi %a, %b : i64
  %q3 = arith.divsi %a, %b : i64
  func.call @printI64(%q1) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%q2) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printI64(%q3) : (i64) -> ()
  func.call @printNewline() : () -> ()
  %x = arith.constant 2.0 : f64
  %s = math.sqrt %x : f64
  %e = math.exp %x : f64
  %t = math.tanh %x : f64
  %c = math.log %x : f64
  func.call @printF64(%s) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF64(%e) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF64(%t) : (f64) -> ()
  func.call @printNewline() : () -> ()
  func.call @printF64(%c) : (f64) -> ()
  func.call @printNewline() : () -> ()
  return
}
func.func @cfg(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^loop(%c0, %c0 : i64, i64)
^loop(%i: i64, %acc: i64):
  %done = arith.cmpi sge, %i, %n : i64
  cf.cond_br %done, ^exit(%acc : i64), ^body
^body:
  %a2 = arith.addi %acc, %i : i64
  %i2 = arith.addi %i, %c1 : i64
  cf.switch %i : i64, [default: ^loop(%i2, %a2 : i64, i64), 3: ^loop(%i2, %acc : i64, i64)]
^exit(%r: i64):
  return %r : i64
}
func.func @main() {
  %n = arith.constant 27 : i64
  %r = func.call @collatz(%n) : (i64) -> i64
  func.call @printI64(%r) : (i64) -> ()
  func.call @printNewline() : () -> ()
  func.call @divs() : () -> ()
  %c10 = arith.constant 10 : i64
  %s = func.call @cfg(%c10) : (i64) -> i64
  func.call @printI64(%s) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}
