// Case: spec/subtract/edge-int-wrap
// si8 wrap-around: -128 - 1 = 127, 127 - -1 = -128.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, 127, 0, -1]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[1, -1, -128, 127]> : tensor<4xi8>
    %result = stablehlo.subtract %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[127, -128, -128, -128]> : tensor<4xi8>
    func.return
  }
}
