// Case: spec/select_and_scatter/quantized
// Quantized i8 (scale 0.5, zero point 1), windows of 3, stride 1, select GE on the dequantized values:
// the windows pick indices 1, 3, 3; the sources 1, 2, 3 add from the init 1 (0.0): index 1 gets 1 (q 3), index 3
// gets 2 + 3 = 5 (q 11).
module {
  func.func @main() {
    %operand_storage = stablehlo.constant dense<[1, 5, 3, 7, 0]> : tensor<5xi8>
    %operand = "stablehlo.bitcast_convert"(%operand_storage) : (tensor<5xi8>) -> tensor<5x!quant.uniform<i8:f32, 0.5:1>>
    %source_storage = stablehlo.constant dense<[3, 5, 7]> : tensor<3xi8>
    %source = "stablehlo.bitcast_convert"(%source_storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %init_storage = stablehlo.constant dense<1> : tensor<i8>
    %init = "stablehlo.bitcast_convert"(%init_storage) : (tensor<i8>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
    %result = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.compare"(%arg0, %arg1) {comparison_direction = #stablehlo<comparison_direction GE>} : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<i1>
        "stablehlo.return"(%0) : (tensor<i1>) -> ()
    }, {
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      window_dimensions = array<i64: 3>,
      window_strides = array<i64: 1>
    } : (tensor<5x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<5x!quant.uniform<i8:f32, 0.5:1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<5x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<5xi8>
    check.expect_eq_const %result_storage, dense<[1, 3, 1, 11, 1]> : tensor<5xi8>
    func.return
  }
}
