// RUN: lattice opt %s --allow-unregistered-dialect --verify-diagnostics --symbol-dce

module {
  func.func private @x()
  // An op of an unknown dialect with one region might be a symbol table.
  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
  "foo.region"() ({
    "foo.use"() {r = @x} : () -> ()
  }) : () -> ()
}
