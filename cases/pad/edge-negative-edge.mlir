// Case: spec/pad/edge-negative-edge
// Spec: negative edge padding removes elements: low -1 and high -2 on 5 elements keep elements 1..2.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi64>
    %padding_value = stablehlo.constant dense<0> : tensor<i64>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: -1>,
      edge_padding_high = array<i64: -2>,
      interior_padding = array<i64: 0>
    } : (tensor<5xi64>, tensor<i64>) -> tensor<2xi64>
    check.expect_eq_const %result, dense<[2, 3]> : tensor<2xi64>
    func.return
  }
}
