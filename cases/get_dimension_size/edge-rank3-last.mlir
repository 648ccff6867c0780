// Case: spec/get_dimension_size/edge-rank3-last
// The last dimension of a 2x3x7 f16 tensor is 7 (element type does not matter).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]]> : tensor<2x3x7xf16>
    %result = "stablehlo.get_dimension_size"(%operand) {
      dimension = 2 : i64
    } : (tensor<2x3x7xf16>) -> tensor<i32>
    check.expect_eq_const %result, dense<7> : tensor<i32>
    func.return
  }
}
