// Case: spec/multiply/edge-complex
// Complex multiplication: (1+2i)(3+4i) = -5+10i, i*i = -1.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 2.0), (0.0, 1.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(3.0, 4.0), (0.0, 1.0), (0.5, 0.25)]> : tensor<3xcomplex<f32>>
    %result = stablehlo.multiply %lhs, %rhs : tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(-5.0, 10.0), (-1.0, 0.0), (1.0, 0.5)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
