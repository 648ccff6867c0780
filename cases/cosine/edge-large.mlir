// Case: spec/cosine/edge-large
// cos of large f32 arguments needs exact argument reduction.
// Exact values (mpmath) 0.853021039830304158052, 0.873119622676856001176, -0.925879022854837867304, -0.999360807438212451891, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[3.4028235e+38, 1.0e10, 1.329228e+36, -100000.0]> : tensor<4xf32>
    %result = stablehlo.cosine %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[0.853021, 0.87311965, -0.925879, -0.9993608]> : tensor<4xf32>
    func.return
  }
}
