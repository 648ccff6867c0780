// Case: spec/get_dimension_size/edge-zero-size
// A zero-sized dimension has size 0.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<3x0xf32>
    %result = "stablehlo.get_dimension_size"(%operand) {
      dimension = 1 : i64
    } : (tensor<3x0xf32>) -> tensor<i32>
    check.expect_eq_const %result, dense<0> : tensor<i32>
    func.return
  }
}
