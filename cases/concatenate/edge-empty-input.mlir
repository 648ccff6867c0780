// Case: spec/concatenate/edge-empty-input
// An input with a zero-sized concatenation dimension contributes nothing (0x2 + 2x2 + 0x2).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<> : tensor<0x2xf32>
    %input1 = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    %input2 = stablehlo.constant dense<> : tensor<0x2xf32>
    %result = "stablehlo.concatenate"(%input0, %input1, %input2) {
      dimension = 0 : i64
    } : (tensor<0x2xf32>, tensor<2x2xf32>, tensor<0x2xf32>) -> tensor<2x2xf32>
    check.expect_eq_const %result, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
    func.return
  }
}
