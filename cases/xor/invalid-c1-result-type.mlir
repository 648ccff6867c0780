// Case: spec-invalid/xor/invalid-c1-result-type
// expect-invalid: xor C1
// The result has another element type than lhs and rhs.
module {
  func.func @main(%arg0: tensor<2xi32>, %arg1: tensor<2xi32>) -> tensor<2xi64> {
    %0 = "stablehlo.xor"(%arg0, %arg1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi64>
    func.return %0 : tensor<2xi64>
  }
}
