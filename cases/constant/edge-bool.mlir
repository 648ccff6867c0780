// Case: spec/constant/edge-bool
// i1 constants.
module {
  func.func @main() {
    %c = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    check.expect_eq_const %c, dense<[true, false]> : tensor<2xi1>
    func.return
  }
}
