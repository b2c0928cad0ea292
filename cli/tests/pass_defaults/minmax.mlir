// Input of cli/tests/pass_defaults.rs: affine.min/max ops that the bounds of an scf.for
// induction variable, or their own results, simplify.
func.func @minmax(%A: memref<128xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %0 = affine.min affine_map<(d0) -> (d0, 120)>(%i)
    %1 = affine.max affine_map<(d0)[s0] -> (d0 - 1, d0 + 4, s0)>(%i)[%n]
    %2 = arith.addi %0, %1 : index
    memref.store %2, %A[%i] : memref<128xindex>
  }
  return
}
