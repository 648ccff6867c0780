// Case: spec/constant/edge-int-extremes
// si8 constants at the extremes.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
    check.expect_eq_const %c, dense<[-128, 127, 0, -1]> : tensor<4xi8>
    func.return
  }
}
