// Case: spec/clamp/example-1
// From the spec's `clamp` example (si32, element-wise bounds).
module {
  func.func @main() {
    %min = stablehlo.constant dense<[5, 10, 15]> : tensor<3xi32>
    %operand = stablehlo.constant dense<[3, 13, 23]> : tensor<3xi32>
    %max = stablehlo.constant dense<[10, 15, 20]> : tensor<3xi32>
    %result = stablehlo.clamp %min, %operand, %max : tensor<3xi32>
    check.expect_eq_const %result, dense<[5, 13, 20]> : tensor<3xi32>
    func.return
  }
}
