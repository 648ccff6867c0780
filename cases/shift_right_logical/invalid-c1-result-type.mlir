// Case: spec-invalid/shift_right_logical/invalid-c1-result-type
// expect-invalid: shift_right_logical C1
// The result has another element type than lhs and rhs.
module {
  func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi64> {
    %0 = "stablehlo.shift_right_logical"(%arg0, %arg1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
    func.return %0 : tensor<2xi64>
  }
}
