// Case: spec/constant/edge-ui64
// ui64 constants at the extremes.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[0, 18446744073709551615]> : tensor<2xui64>
    check.expect_eq_const %c, dense<[0, 18446744073709551615]> : tensor<2xui64>
    func.return
  }
}
