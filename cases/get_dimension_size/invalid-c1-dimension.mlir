// Case: spec-invalid/get_dimension_size/invalid-c1-dimension
// expect-invalid: get_dimension_size C1
// dimension 1 is out of range for a rank-1 operand.
module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<i32> {
    %0 = "stablehlo.get_dimension_size"(%arg0) {dimension = 1 : i64} : (tensor<2xf32>) -> tensor<i32>
    func.return %0 : tensor<i32>
  }
}
