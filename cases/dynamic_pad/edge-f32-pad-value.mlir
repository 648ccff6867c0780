// Case: spec/dynamic_pad/edge-f32-pad-value
// f32 padding with a -0.0 padding value (copied bit-exactly).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[[1.5, -2.0]]> : tensor<1x2xf32>
    %padding_value = stablehlo.constant dense<-0.0> : tensor<f32>
    %edge_padding_low = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
    %edge_padding_high = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
    %interior_padding = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
    %result = "stablehlo.dynamic_pad"(%operand, %padding_value,
      %edge_padding_low, %edge_padding_high, %interior_padding
    ) : (tensor<1x2xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x4xf32>
    check.expect_eq_const %result, dense<[[-0.0, -0.0, -0.0, -0.0], [1.5, -0.0, -2.0, -0.0]]> : tensor<2x4xf32>
    func.return
  }
}
