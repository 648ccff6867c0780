// Case: spec/optimization_barrier/edge-special-values
// optimization_barrier is the identity, bit-exactly: -0.0, NaN, inf, subnormal; mixed element types.
module {
  func.func @main() {
    %a = stablehlo.constant dense<[-0.0, 0x7FC00000, 0xFF800000, 0x00000001]> : tensor<4xf32>
    %b = stablehlo.constant dense<[-128, 127]> : tensor<2xi8>
    %c = stablehlo.constant dense<[(1.0, -0.0)]> : tensor<1xcomplex<f64>>
    %r0, %r1, %r2 = stablehlo.optimization_barrier %a, %b, %c : tensor<4xf32>, tensor<2xi8>, tensor<1xcomplex<f64>>
    check.expect_eq_const %r0, dense<[-0.0, 0x7FC00000, 0xFF800000, 0x00000001]> : tensor<4xf32>
    check.expect_eq_const %r1, dense<[-128, 127]> : tensor<2xi8>
    check.expect_eq_const %r2, dense<[(1.0, -0.0)]> : tensor<1xcomplex<f64>>
    func.return
  }
}
