// Case: spec/transpose/edge-complex
// transpose on complex<f64>.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[(1.0, 2.0), (3.0, 4.0)], [(5.0, -0.0), (7.0, 8.0)]]> : tensor<2x2xcomplex<f64>>
    %result = "stablehlo.transpose"(%operand) {
      permutation = array<i64: 1, 0>
    } : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
    check.expect_eq_const %result, dense<[[(1.0, 2.0), (5.0, -0.0)], [(3.0, 4.0), (7.0, 8.0)]]> : tensor<2x2xcomplex<f64>>
    func.return
  }
}
