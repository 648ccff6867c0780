// Case: spec/sine/edge-f16
// sin on f16.
// Exact values (mpmath) 0.841470984807896506653, 0.975376109679148128331, 0.000967653438782279464995, -0.00100040419104123721477, each rounded to nearest-even f16.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 65504.0, 3.14, -0.001]> : tensor<4xf16>
    %result = stablehlo.sine %operand : tensor<4xf16>
    check.expect_eq_const %result, dense<[0.8413, 0.9756, 0.0009675, -0.001]> : tensor<4xf16>
    func.return
  }
}
