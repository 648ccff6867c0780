// Case: spec/divide/edge-complex
// Complex division with exactly representable results: (2+4i)/(1+1i) = 3+1i, (-5+10i)/(3+4i) = 1+2i.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(2.0, 4.0), (-5.0, 10.0), (4.0, 0.0)]> : tensor<3xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(1.0, 1.0), (3.0, 4.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.divide %lhs, %rhs : tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(3.0, 1.0), (1.0, 2.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
