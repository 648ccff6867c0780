// Case: spec/divide/edge-int-extremes
// si8 extremes (INT_MIN / -1 left out: implementation-defined).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, 127, -128, 127]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[1, -1, 2, 127]> : tensor<4xi8>
    %result = stablehlo.divide %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-128, -127, -64, 1]> : tensor<4xi8>
    func.return
  }
}
