// n-D vector shape ops (constants, broadcast, transpose, shape_cast, extract/insert with
// static and dynamic positions, elementwise arith/math, fma, outerproduct, multi_reduction,
// contract, print); test/Run/vector.mlir diffs it with upstream's output (vector-nd-shape.out).
#mm_a = affine_map<(i, j, k) -> (i, k)>
#mm_b = affine_map<(i, j, k) -> (k, j)>
#mm_c = affine_map<(i, j, k) -> (i, j)>
#red_a = affine_map<(i, k) -> (i, k)>
#red_c = affine_map<(i, k) -> (i)>
#dot_a = affine_map<(k) -> (k)>
#dot_c = affine_map<(k) -> ()>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f0 = arith.constant 0.0 : f32
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : vector<2x3xf32>
  vector.print %cst : vector<2x3xf32>
  %b = vector.broadcast %f0 : f32 to vector<2x2x3xf32>
  vector.print %b : vector<2x2x3xf32>
  %b2 = vector.broadcast %cst : vector<2x3xf32> to vector<2x2x3xf32>
  vector.print %b2 : vector<2x2x3xf32>
  %col = arith.constant dense<[[7.0], [8.0]]> : vector<2x1xf32>
  %b3 = vector.broadcast %col : vector<2x1xf32> to vector<2x3xf32>
  vector.print %b3 : vector<2x3xf32>
  %t = vector.transpose %cst, [1, 0] : vector<2x3xf32> to vector<3x2xf32>
  vector.print %t : vector<3x2xf32>
  %s = vector.shape_cast %cst : vector<2x3xf32> to vector<6xf32>
  vector.print %s : vector<6xf32>
  %s2 = vector.shape_cast %s : vector<6xf32> to vector<3x2xf32>
  vector.print %s2 : vector<3x2xf32>
  %e1 = vector.extract %cst[1] : vector<3xf32> from vector<2x3xf32>
  vector.print %e1 : vector<3xf32>
  %e2 = vector.extract %cst[1, 2] : f32 from vector<2x3xf32>
  vector.print %e2 : f32
  %e3 = vector.extract %cst[%c1, %c2] : f32 from vector<2x3xf32>
  vector.print %e3 : f32
  %e4 = vector.extract %b2[%c1] : vector<2x3xf32> from vector<2x2x3xf32>
  vector.print %e4 : vector<2x3xf32>
  %i1 = vector.insert %e1, %b3[0] : vector<3xf32> into vector<2x3xf32>
  vector.print %i1 : vector<2x3xf32>
  %i2 = vector.insert %f0, %cst[%c1, %c0] : f32 into vector<2x3xf32>
  vector.print %i2 : vector<2x3xf32>
  %sum = arith.addf %cst, %b3 : vector<2x3xf32>
  vector.print %sum : vector<2x3xf32>
  %neg = arith.negf %sum : vector<2x3xf32>
  %ex = math.absf %neg : vector<2x3xf32>
  vector.print %ex : vector<2x3xf32>
  %cmp = arith.cmpf olt, %cst, %b3 : vector<2x3xf32>
  vector.print %cmp : vector<2x3xi1>
  %sel = arith.select %cmp, %cst, %neg : vector<2x3xi1>, vector<2x3xf32>
  vector.print %sel : vector<2x3xf32>
  %fi = arith.fptosi %sel : vector<2x3xf32> to vector<2x3xi32>
  vector.print %fi : vector<2x3xi32>
  %fma = vector.fma %cst, %cst, %b3 : vector<2x3xf32>
  vector.print %fma : vector<2x3xf32>
  %u = arith.constant dense<[1.0, 2.0]> : vector<2xf32>
  %v = arith.constant dense<[3.0, 4.0, 5.0]> : vector<3xf32>
  %op = vector.outerproduct %u, %v : vector<2xf32>, vector<3xf32>
  vector.print %op : vector<2x3xf32>
  %op2 = vector.outerproduct %u, %v, %cst : vector<2xf32>, vector<3xf32>
  vector.print %op2 : vector<2x3xf32>
  %op3 = vector.outerproduct %u, %f0, %u {kind = #vector.kind<add>} : vector<2xf32>, f32
  vector.print %op3 : vector<2xf32>
  %mr = vector.multi_reduction <add>, %cst, %v [0] : vector<2x3xf32> to vector<3xf32>
  vector.print %mr : vector<3xf32>
  %mr2 = vector.multi_reduction <maxnumf>, %cst, %u [1] : vector<2x3xf32> to vector<2xf32>
  vector.print %mr2 : vector<2xf32>
  %mr3 = vector.multi_reduction <add>, %b2, %f0 [0, 1, 2] : vector<2x2x3xf32> to f32
  vector.print %mr3 : f32
  %acc22 = arith.constant dense<1.0> : vector<2x2xf32>
  %ct = vector.contract {indexing_maps = [#mm_a, #mm_b, #mm_c], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %cst, %t, %acc22 : vector<2x3xf32>, vector<3x2xf32> into vector<2x2xf32>
  vector.print %ct : vector<2x2xf32>
  return
}
