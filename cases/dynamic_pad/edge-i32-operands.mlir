// Case: spec/dynamic_pad/edge-i32-operands
// Padding operands of type si32, interior padding only (3 -> 7).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[7, 8, 9]> : tensor<3xi64>
    %padding_value = stablehlo.constant dense<0> : tensor<i64>
    %edge_padding_low = stablehlo.constant dense<[0]> : tensor<1xi32>
    %edge_padding_high = stablehlo.constant dense<[0]> : tensor<1xi32>
    %interior_padding = stablehlo.constant dense<[2]> : tensor<1xi32>
    %result = "stablehlo.dynamic_pad"(%operand, %padding_value,
      %edge_padding_low, %edge_padding_high, %interior_padding
    ) : (tensor<3xi64>, tensor<i64>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<7xi64>
    check.expect_eq_const %result, dense<[7, 0, 0, 8, 0, 0, 9]> : tensor<7xi64>
    func.return
  }
}
