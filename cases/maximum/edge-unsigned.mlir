// Case: spec/maximum/edge-unsigned
// Unsigned comparison for ui8 (255 is the largest).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[255, 0, 128]> : tensor<3xui8>
    %rhs = stablehlo.constant dense<[0, 1, 127]> : tensor<3xui8>
    %result = stablehlo.maximum %lhs, %rhs : tensor<3xui8>
    check.expect_eq_const %result, dense<[255, 1, 128]> : tensor<3xui8>
    func.return
  }
}
