// Case: spec/add/edge-int-wrap
// Two's-complement wrap-around of si8 addition: 127 + 1 = -128, -128 + -1 = 127.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[127, -128, 100, -100]> : tensor<4xi8>
    %rhs = stablehlo.constant dense<[1, -1, 27, -28]> : tensor<4xi8>
    %result = stablehlo.add %lhs, %rhs : tensor<4xi8>
    check.expect_eq_const %result, dense<[-128, 127, 127, -128]> : tensor<4xi8>
    func.return
  }
}
