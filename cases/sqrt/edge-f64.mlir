// Case: spec/sqrt/edge-f64
// sqrt on f64 (2, smallest subnormal, max).
// Exact values (mpmath) 1.4142135623730950488, 2.22275874948507748344e-162, 1.34078079299425963553e+154, each rounded to nearest-even f64.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2.0, 0x0000000000000001, 1.7976931348623157e+308]> : tensor<3xf64>
    %result = stablehlo.sqrt %operand : tensor<3xf64>
    check.expect_eq_const %result, dense<[1.4142135623730951, 2.2227587494850775e-162, 1.3407807929942596e+154]> : tensor<3xf64>
    func.return
  }
}
