// Case: spec/clamp/edge-min-above-max
// When min > max the spec formula minimum(maximum(x, min), max) returns max.
module {
  func.func @main() {
    %min = stablehlo.constant dense<[5, 5]> : tensor<2xi32>
    %operand = stablehlo.constant dense<[4, 100]> : tensor<2xi32>
    %max = stablehlo.constant dense<[3, 3]> : tensor<2xi32>
    %result = stablehlo.clamp %min, %operand, %max : tensor<2xi32>
    check.expect_eq_const %result, dense<[3, 3]> : tensor<2xi32>
    func.return
  }
}
