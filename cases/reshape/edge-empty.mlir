// Case: spec/reshape/edge-empty
// An empty tensor keeps being empty (0x3 -> 3x0x5).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<> : tensor<0x3xf32>
    %result = "stablehlo.reshape"(%operand) : (tensor<0x3xf32>) -> tensor<3x0x5xf32>
    check.expect_eq_const %result, dense<> : tensor<3x0x5xf32>
    func.return
  }
}
