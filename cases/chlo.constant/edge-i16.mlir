// Case: spec/chlo.constant/edge-i16
// chlo.constant: the literal, as stablehlo.constant.
module {
  func.func @main() {
    %result = chlo.constant dense<[7, -1]> : tensor<2xi16>
    check.expect_eq_const %result, dense<[7, -1]> : tensor<2xi16>
    func.return
  }
}
