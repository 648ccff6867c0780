// Case: spec/chlo._asin_acos_kernel/edge-complex-f32
// _asin_acos_kernel on complex<f32>, each part correctly rounded.
// Exact per-part values (mpmath) (0.911754327326162244, 0.281396056245292769), (1.05345727423870573, 1.82419870219388273), (1.0, 9.99999968265522539e-21), each part rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-3.0, 1.0), (1.0e-20, -1.0e-20)]> : tensor<3xcomplex<f32>>
    %result = chlo._asin_acos_kernel %operand : tensor<3xcomplex<f32>> -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(0.9117543, 0.28139606), (1.0534573, 1.8241987), (1.0, 1.0e-20)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
