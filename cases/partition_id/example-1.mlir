// Case: spec/partition_id/example-1
// From the spec's `partition_id` example: a single process (a 1x1 grid) is partition 0.
module {
  func.func @main() {
    %result = "stablehlo.partition_id"() : () -> tensor<ui32>
    check.expect_eq_const %result, dense<0> : tensor<ui32>
    func.return
  }
}
