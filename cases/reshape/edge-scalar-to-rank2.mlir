// Case: spec/reshape/edge-scalar-to-rank2
// A rank-0 tensor reshaped to 1x1.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<42> : tensor<i32>
    %result = "stablehlo.reshape"(%operand) : (tensor<i32>) -> tensor<1x1xi32>
    check.expect_eq_const %result, dense<[[42]]> : tensor<1x1xi32>
    func.return
  }
}
