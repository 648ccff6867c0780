// Case: spec/iota/edge-f32
// iota on f32 values.
module {
  func.func @main() {
    %output = stablehlo.iota dim = 1 : tensor<2x3xf32>
    check.expect_eq_const %output, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
    func.return
  }
}
