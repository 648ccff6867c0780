// Case: spec/replica_id/example-1
// From the spec's `replica_id` example: a single process (a 1x1 grid) is replica 0.
module {
  func.func @main() {
    %result = "stablehlo.replica_id"() : () -> tensor<ui32>
    check.expect_eq_const %result, dense<0> : tensor<ui32>
    func.return
  }
}
