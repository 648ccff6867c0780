// Case: spec-invalid/popcnt/invalid-c1-result-type
// expect-invalid: popcnt C1
// The result has another element type than the operand.
module {
  func.func @main(%arg0: tensor<2xi32>) -> tensor<2xi64> {
    %0 = "stablehlo.popcnt"(%arg0) : (tensor<2xi32>) -> tensor<2xi64>
    func.return %0 : tensor<2xi64>
  }
}
