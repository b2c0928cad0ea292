// RUN: lattice opt %s --poly-transform=permute=1,0 | FileCheck %s --check-prefix=PERM
// RUN: lattice opt %s --poly-transform=skew=1,0,1 | FileCheck %s --check-prefix=SKEW
// RUN: lattice opt %s --poly-transform=reverse=1 | FileCheck %s --check-prefix=REV
// RUN: lattice opt %s --poly-transform=strip-mine=1,8 | FileCheck %s --check-prefix=STRIP
// RUN: lattice opt %s --poly-transform=parallel | FileCheck %s --check-prefix=PAR

// PERM:      affine.for %[[J:.*]] = 0 to 48 {
// PERM-NEXT:   affine.for %[[I:.*]] = 0 to 32 {
// PERM-NEXT:     affine.load %{{.*}}[%[[I]], %[[J]]]
// PERM-NEXT:     affine.store %{{.*}}, %{{.*}}[%[[J]], %[[I]]]

// SKEW-DAG:  #[[$ID:map[0-9]*]] = affine_map<(d0) -> (d0)>
// SKEW-DAG:  #[[$P48:map[0-9]*]] = affine_map<(d0) -> (d0 + 48)>
// SKEW:      affine.for %[[I:.*]] = 0 to 32 {
// SKEW-NEXT:   affine.for %[[J:.*]] = #[[$ID]](%[[I]]) to #[[$P48]](%[[I]]) {
// SKEW-NEXT:     affine.load %{{.*}}[%[[I]], -%[[I]] + %[[J]]]

// REV:       affine.for %[[I:.*]] = 0 to 32 {
// REV-NEXT:    affine.for %[[J:.*]] = -47 to 1 {
// REV-NEXT:      affine.load %{{.*}}[%[[I]], -%[[J]]]

// STRIP:       affine.for %[[I:.*]] = 0 to 32 {
// STRIP-NEXT:    affine.for %[[J:.*]] = 0 to 48 step 8 {
// STRIP-NEXT:      affine.for %[[JJ:.*]] = #{{.*}}(%[[J]]) to #{{.*}}(%[[J]]) {
// STRIP-NEXT:        affine.load %{{.*}}[%[[I]], %[[JJ]]]

// PAR:       affine.parallel (%[[I:.*]]) = (0) to (32) {
// PAR-NEXT:    affine.for %[[J:.*]] = 0 to 48 {
func.func @interchange(%A: memref<32x48xf32>, %B: memref<48x32xf32>) {
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 48 {
      %a = affine.load %A[%i, %j] : memref<32x48xf32>
      affine.store %a, %B[%j, %i] : memref<48x32xf32>
    }
  }
  return
}
