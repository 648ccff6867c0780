// Case: spec/chlo.acosh/edge-rounding-f32
// acosh of f32 arguments, correctly rounded.
// Exact values (mpmath) 0.962423650119206894996, 1.31695789692481670863, 69.7706999854287819366, 0.000488281245149361720649, each rounded to nearest-even f32.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, 2.0, 1.0e30, 1.0000001]> : tensor<4xf32>
    %result = chlo.acosh %operand : tensor<4xf32> -> tensor<4xf32>
    check.expect_eq_const %result, dense<[0.9624236, 1.316958, 69.7707, 0.00048828125]> : tensor<4xf32>
    func.return
  }
}
