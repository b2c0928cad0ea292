func.func @cast_dynamic_layout_is_compatible(%m: memref<3xi64, strided<[1], offset: 3>>) -> memref<?xi64, strided<[?], offset: ?>> {
  %0 = memref.cast %m : memref<3xi64, strided<[1], offset: 3>> to memref<?xi64, strided<[?], offset: ?>>
  return %0 : memref<?xi64, strided<[?], offset: ?>>
}
