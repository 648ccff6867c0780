// Case: spec/iota/edge-f16
// iota on f16 along dimension 0.
module {
  func.func @main() {
    %output = stablehlo.iota dim = 0 : tensor<3x2xf16>
    check.expect_eq_const %output, dense<[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]> : tensor<3x2xf16>
    func.return
  }
}
