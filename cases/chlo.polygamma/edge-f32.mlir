// Case: spec/chlo.polygamma/edge-f32
// polygamma on f32.
// Exact values (mpmath) 0.330357756100234864973, -24584.3753886379337336, each rounded to nearest-even f32.
module {
  func.func @main() {
    %n = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
    %x = stablehlo.constant dense<[3.5, 0.25]> : tensor<2xf32>
    %result = chlo.polygamma %n, %x : tensor<2xf32>, tensor<2xf32> -> tensor<2xf32>
    check.expect_eq_const %result, dense<[0.33035776, -24584.375]> : tensor<2xf32>
    func.return
  }
}
