// Case: spec/constant/edge-empty
// A constant with a zero-sized dimension.
module {
  func.func @main() {
    %c = stablehlo.constant dense<> : tensor<0xf32>
    check.expect_eq_const %c, dense<> : tensor<0xf32>
    func.return
  }
}
