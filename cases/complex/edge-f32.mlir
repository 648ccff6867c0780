// Case: spec/complex/edge-f32
// complex on f32 parts.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[0.1, -1.5]> : tensor<2xf32>
    %rhs = stablehlo.constant dense<[3.4028235e+38, 0.3]> : tensor<2xf32>
    %result = stablehlo.complex %lhs, %rhs : tensor<2xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.1, 3.4028235e+38), (-1.5, 0.3)]> : tensor<2xcomplex<f32>>
    func.return
  }
}
