// Case: spec/chlo.next_after/edge-f16
// next_after on f16: steps of the f16 encoding (2 -> the largest f16 below 2).
module {
  func.func @main() {
    %x = stablehlo.constant dense<[2.0, 65504.0, 0.0]> : tensor<3xf16>
    %y = stablehlo.constant dense<[0.0, 0x7C00, 1.0]> : tensor<3xf16>
    %result = chlo.next_after %x, %y : tensor<3xf16>, tensor<3xf16> -> tensor<3xf16>
    check.expect_eq_const %result, dense<[1.999, 0x7C00, 0x0001]> : tensor<3xf16>
    func.return
  }
}
