// Case: spec/get_dimension_size/edge-complex
// get_dimension_size on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
    %result = "stablehlo.get_dimension_size"(%operand) {
      dimension = 0 : i64
    } : (tensor<4xcomplex<f64>>) -> tensor<i32>
    check.expect_eq_const %result, dense<4> : tensor<i32>
    func.return
  }
}
