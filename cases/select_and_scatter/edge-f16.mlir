// Case: spec/select_and_scatter/edge-f16
// f16 select_and_scatter with exact sums (two windows select the same element).
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1.0, 8.0, 2.0]> : tensor<3xf16>
    %source = stablehlo.constant dense<[0.5, 512.0]> : tensor<2xf16>
    %init_value = stablehlo.constant dense<0.0> : tensor<f16>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init_value) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction GE>
        } : (tensor<f16>, tensor<f16>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<f16>, tensor<f16>) -> tensor<f16>
        "stablehlo.return"(%0) : (tensor<f16>) -> ()
    }) {
      window_dimensions = array<i64: 2>,
      window_strides = array<i64: 1>,
      padding = dense<[[0, 0]]> : tensor<1x2xi64>
    } : (tensor<3xf16>, tensor<2xf16>, tensor<f16>) -> tensor<3xf16>
    check.expect_eq_const %result, dense<[0.0, 512.5, 0.0]> : tensor<3xf16>
    func.return
  }
}
