// Case: spec/triangular_solve/edge-adjoint-complex
// transpose_a = ADJOINT on complex<f32>: solves conj(a)^T * x = b.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[[(2.0, 0.0), (0.0, 0.0)], [(1.0, 1.0), (1.0, -1.0)]]> : tensor<2x2xcomplex<f32>>
    %b = stablehlo.constant dense<[[(1.5, 5.5)], [(-1.5, -0.5)]]> : tensor<2x1xcomplex<f32>>
    %result = "stablehlo.triangular_solve"(%a, %b) {
      left_side = true,
      lower = true,
      unit_diagonal = false,
      transpose_a = #stablehlo<transpose ADJOINT>
    } : (tensor<2x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<2x1xcomplex<f32>>
    check.expect_eq_const %result, dense<[[(1.0, 2.0)], [(-1.0, 0.5)]]> : tensor<2x1xcomplex<f32>>
    func.return
  }
}
