// Case: spec/chlo._asin_acos_kernel/edge-complex-f64
// _asin_acos_kernel(z) = w, the intermediate of the asin/acos/asinh/acosh decompositions
// (chlo.md): w = sqrt(A^2 - x^2) + i acosh(A), A = (|z + 1| + |z - 1|)/2, each part rounded once;
// on the cut (-2 + 0i) w.re is 0; tiny and huge parts need thousands of bits for A^2 - x^2.
// Exact per-part values (mpmath) (0.911754327326162244, 0.281396056245292769), (0.0, 1.31695789692481671), (1.57003259228063701, 1.89024135960220036), (1.0, 1.00000000000000003e-300), (1.00000000000000003e-300, 691.468675078773651), (2.67905280428327434, 1.68234835194168334), each part rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[(0.5, 0.25), (-2.0, 0.0), (3.0, -1.5), (0.0, 1.0e-300), (1.0e300, 1.0e-300), (-0.75, -2.5)]> : tensor<6xcomplex<f64>>
    %result = chlo._asin_acos_kernel %operand : tensor<6xcomplex<f64>> -> tensor<6xcomplex<f64>>
    check.expect_eq_const %result, dense<[(0.9117543273261622, 0.2813960562452928), (0.0, 1.3169578969248168), (1.570032592280637, 1.8902413596022003), (1.0, 1.0e-300), (1.0e-300, 691.4686750787737), (2.679052804283274, 1.6823483519416833)]> : tensor<6xcomplex<f64>>
    func.return
  }
}
