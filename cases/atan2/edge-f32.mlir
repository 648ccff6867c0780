// Case: spec/atan2/edge-f32
// atan2 on f32 ordinary values.
// Exact values (mpmath) 0.321750554396642193401, 0.141897059074512354242, 1.57080632679537126041, each rounded to nearest-even f32.
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 0.1, 100.0]> : tensor<3xf32>
    %rhs = stablehlo.constant dense<[3.0, 0.7, -0.001]> : tensor<3xf32>
    %result = stablehlo.atan2 %lhs, %rhs : tensor<3xf32>
    check.expect_eq_const %result, dense<[0.32175055, 0.14189705, 1.5708064]> : tensor<3xf32>
    func.return
  }
}
