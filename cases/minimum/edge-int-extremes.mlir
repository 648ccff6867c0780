// Case: spec/minimum/edge-int-extremes
// Signed integer minimum at si8 extremes.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[-128, 127, -1, 0]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[127, -128, 0, -128]> : tensor<4xi8>
    %result = stablehlo.minimum %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-128, -128, -1, -128]> : tensor<4xi8>
    func.return
  }
}
