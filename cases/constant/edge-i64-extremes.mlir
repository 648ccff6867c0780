// Case: spec/constant/edge-i64-extremes
// si64 constants at the extremes.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
    check.expect_eq_const %c, dense<[-9223372036854775808, 9223372036854775807]> : tensor<2xi64>
    func.return
  }
}
