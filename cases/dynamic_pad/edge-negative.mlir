// Case: spec/dynamic_pad/edge-negative
// Negative edge padding removes elements (low -1, high -1 with interior 1 on a length-4 operand).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %padding_value = stablehlo.constant dense<-9> : tensor<i32>
    %edge_padding_low = stablehlo.constant dense<[-1]> : tensor<1xi64>
    %edge_padding_high = stablehlo.constant dense<[-1]> : tensor<1xi64>
    %interior_padding = stablehlo.constant dense<[1]> : tensor<1xi64>
    %result = "stablehlo.dynamic_pad"(%operand, %padding_value,
      %edge_padding_low, %edge_padding_high, %interior_padding
    ) : (tensor<4xi32>, tensor<i32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xi32>
    check.expect_eq_const %result, dense<[-9, 2, -9, 3, -9]> : tensor<5xi32>
    func.return
  }
}
