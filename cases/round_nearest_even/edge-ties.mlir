// Case: spec/round_nearest_even/edge-ties
// Ties go to the even neighbour: 1.5 -> 2, 3.5 -> 4, -4.5 -> -4, 8388607.5 -> 8388608, 8388606.5 -> 8388606.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.5, 3.5, -4.5, 8388607.5, 8388606.5]> : tensor<5xf32>
    %result = stablehlo.round_nearest_even %operand : tensor<5xf32>
    check.expect_eq_const %result, dense<[2.0, 4.0, -4.0, 8388608.0, 8388606.0]> : tensor<5xf32>
    func.return
  }
}
