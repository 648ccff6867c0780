// Case: spec/add/edge-ui8-wrap
// Wrap-around of ui8 addition: 255 + 1 = 0, 200 + 100 = 44.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 200, 0, 254]> : tensor<4xui8>
    %rhs = stablehlo.constant dense<[1, 100, 0, 1]> : tensor<4xui8>
    %result = stablehlo.add %lhs, %rhs : tensor<4xui8>
    check.expect_eq_const %result, dense<[0, 44, 0, 255]> : tensor<4xui8>
    func.return
  }
}
