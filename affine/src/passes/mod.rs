//! The affine-level passes, one file each (a free function plus an options struct, and a
//! `PassDef` adapter), under the names and options mlir-opt users type.

pub mod expand_index_ops;
pub mod expand_index_ops_as_affine;
pub mod fold_memref_alias_ops;
pub mod loop_coalescing;
pub mod loop_normalize;
pub mod lower_affine;
pub mod simplify_structures;

use lattice_ir::pass::PassRegistry;

pub mod data_copy_generate;
pub mod loop_invariant_code_motion;
pub mod loop_unroll;
pub mod loop_unroll_jam;
pub mod normalize_memrefs;
pub mod pipeline_data_transfer;
pub mod raise_from_memref;
pub mod raise_scf_to_affine;
mod register_pack;
pub mod register_tile;
pub mod scalrep;
pub mod simplify_min_max;
pub mod super_vectorize;
mod vector_clip;

/// Registers every affine pass.
pub fn register(registry: &mut PassRegistry) {
    registry.register(&[&lower_affine::LOWER_AFFINE]);
    registry.register(&[&raise_from_memref::RAISE_FROM_MEMREF]);
    registry.register(&[&raise_scf_to_affine::RAISE_SCF_TO_AFFINE]);
    registry.register(&[&expand_index_ops::EXPAND_INDEX_OPS]);
    registry.register(&[&expand_index_ops_as_affine::EXPAND_INDEX_OPS_AS_AFFINE]);
    registry.register(&[&fold_memref_alias_ops::FOLD_MEMREF_ALIAS_OPS]);
    registry.register(&[&loop_coalescing::LOOP_COALESCING]);
    registry.register(&[&loop_normalize::LOOP_NORMALIZE]);
    registry.register(&[&simplify_structures::SIMPLIFY_STRUCTURES]);
    registry.register(&[&loop_unroll::LOOP_UNROLL]);
    registry.register(&[&loop_unroll_jam::LOOP_UNROLL_JAM]);
    registry.register(&[&loop_invariant_code_motion::LOOP_INVARIANT_CODE_MOTION]);
    registry.register(&[&scalrep::SCALREP]);
    registry.register(&[&simplify_min_max::SIMPLIFY_MIN_MAX]);
    registry.register(&[&data_copy_generate::DATA_COPY_GENERATE]);
    registry.register(&[&pipeline_data_transfer::PIPELINE_DATA_TRANSFER]);
    registry.register(&[&normalize_memrefs::NORMALIZE_MEMREFS]);
    registry.register(&[&super_vectorize::SUPER_VECTORIZE]);
    registry.register(&[&register_tile::REGISTER_TILE]);
}
