// Case: spec/concatenate/edge-f16-special
// Values are copied bit-exactly: f16 -0.0, inf, NaN, subnormal.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[-0.0, 0x7C00]> : tensor<2xf16>
    %input1 = stablehlo.constant dense<[0x7E00, 0x8001]> : tensor<2xf16>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 0 : i64
    } : (tensor<2xf16>, tensor<2xf16>) -> tensor<4xf16>
    check.expect_eq_const %result, dense<[-0.0, 0x7C00, 0x7E00, 0x8001]> : tensor<4xf16>
    func.return
  }
}
