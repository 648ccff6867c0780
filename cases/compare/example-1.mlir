// Case: spec/compare/example-1
// From the spec's `compare` example (f32, LT with compare_type FLOAT, generic form).
module {
  func.func @main() {
    %lhs = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
    %rhs = stablehlo.constant dense<[1.1, 2.9]> : tensor<2xf32>
    %result = "stablehlo.compare"(%lhs, %rhs) {
      comparison_direction = #stablehlo<comparison_direction LT>,
      compare_type = #stablehlo<comparison_type FLOAT>
    } : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
    check.expect_eq_const %result, dense<[true, false]> : tensor<2xi1>
    func.return
  }
}
