// Case: spec/dynamic_iota/example-1
// From the spec's `dynamic_iota` example (si64, 4x5, iota_dimension = 0).
module {
  func.func @main() {
    %output_shape = stablehlo.constant dense<[4, 5]> : tensor<2xi64>
    %result = "stablehlo.dynamic_iota"(%output_shape) {
      iota_dimension = 0 : i64
    } : (tensor<2xi64>) -> tensor<4x5xi64>
    check.expect_eq_const %result, dense<[[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2], [3, 3, 3, 3, 3]]> : tensor<4x5xi64>
    func.return
  }
}
