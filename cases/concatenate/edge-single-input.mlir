// Case: spec/concatenate/edge-single-input
// Spec: 0 < size(inputs); one input gives that input.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[0, 65535, 1]> : tensor<3xui16>
    %result = "stablehlo.concatenate"(%input0) {
      dimension = 0 : i64
    } : (tensor<3xui16>) -> tensor<3xui16>
    check.expect_eq_const %result, dense<[0, 65535, 1]> : tensor<3xui16>
    func.return
  }
}
