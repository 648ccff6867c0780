// Case: spec/pad/edge-negative-into-interior
// Spec: interior padding happens before edge padding, so negative edge padding removes interior-padded
// elements too: [1, 2, 3] with interior 2 is [1, p, p, 2, p, p, 3]; low -2, high -1 leave [p, 2, p, p].
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %padding_value = stablehlo.constant dense<-1> : tensor<i32>
    %result = "stablehlo.pad"(%operand, %padding_value) {
      edge_padding_low = array<i64: -2>,
      edge_padding_high = array<i64: -1>,
      interior_padding = array<i64: 2>
    } : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
    check.expect_eq_const %result, dense<[-1, 2, -1, -1]> : tensor<4xi32>
    func.return
  }
}
