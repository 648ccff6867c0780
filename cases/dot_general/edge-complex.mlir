// Case: spec/dot_general/edge-complex
// complex<f32> dot: (1+2i)(3-i) + (-1+0.5i)(2+2i) = (5+5i) + (-3-1i) = 2+4i (exact).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[(1.0, 2.0), (-1.0, 0.5)]> : tensor<2xcomplex<f32>>
    %rhs = stablehlo.constant dense<[(3.0, -1.0), (2.0, 2.0)]> : tensor<2xcomplex<f32>>
    %result = "stablehlo.dot_general"(%lhs, %rhs) {
      dot_dimension_numbers = #stablehlo.dot<
        lhs_batching_dimensions = [],
        rhs_batching_dimensions = [],
        lhs_contracting_dimensions = [0],
        rhs_contracting_dimensions = [0]
      >
    } : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
    check.expect_eq_const %result, dense<(2.0, 4.0)> : tensor<complex<f32>>
    func.return
  }
}
