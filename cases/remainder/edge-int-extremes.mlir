// Case: spec/remainder/edge-int-extremes
// Integer remainder at si8 extremes (INT_MIN % -1 left out).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, 127, -128, 127]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[3, -128, 127, 10]> : tensor<4xi8>
    %result = stablehlo.remainder %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-2, 127, -1, 7]> : tensor<4xi8>
    func.return
  }
}
