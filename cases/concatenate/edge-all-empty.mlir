// Case: spec/concatenate/edge-all-empty
// Concatenating two inputs of size 0 along the dimension gives an empty result (2x0 + 2x0 -> 2x0).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<> : tensor<2x0xi32>
    %input1 = stablehlo.constant dense<> : tensor<2x0xi32>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 1 : i64
    } : (tensor<2x0xi32>, tensor<2x0xi32>) -> tensor<2x0xi32>
    check.expect_eq_const %result, dense<> : tensor<2x0xi32>
    func.return
  }
}
