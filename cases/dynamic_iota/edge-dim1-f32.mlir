// Case: spec/dynamic_iota/edge-dim1-f32
// iota_dimension = 1 on f32 (2x3).
module {
  func.func @main() {
    %output_shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
    %result = "stablehlo.dynamic_iota"(%output_shape) {
      iota_dimension = 1 : i64
    } : (tensor<2xi64>) -> tensor<2x3xf32>
    check.expect_eq_const %result, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
    func.return
  }
}
