// Case: spec/slice/edge-full
// The full range with stride 1 is the identity.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[0, 255], [7, 8]]> : tensor<2x2xui8>
    %result = "stablehlo.slice"(%operand) {
      start_indices = array<i64: 0, 0>,
      limit_indices = array<i64: 2, 2>,
      strides = array<i64: 1, 1>
    } : (tensor<2x2xui8>) -> tensor<2x2xui8>
    check.expect_eq_const %result, dense<[[0, 255], [7, 8]]> : tensor<2x2xui8>
    func.return
  }
}
