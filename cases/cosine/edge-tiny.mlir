// Case: spec/cosine/edge-tiny
// cos of tiny arguments rounds to 1.0.
// Exact values (mpmath) 1.0, 1.0, 0.999999995000000256788, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0e-20, 0x00000001, -0.0001]> : tensor<3xf32>
    %result = stablehlo.cosine %operand : tensor<3xf32>
    check.expect_eq_const %result, dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
    func.return
  }
}
