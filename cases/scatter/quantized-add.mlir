// Case: spec/scatter/quantized-add
// Quantized i8 (scale 0.5, zero point 1) updates added by a quantized add: element 0 gets two updates,
// 2 + 0.5 + 2.5 = 5 (q 11); element 2 gets one, 3 + 1.5 = 4.5 (q 10); element 1 keeps its value.
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[5, -3, 7]> : tensor<3xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %updates_storage = stablehlo.constant dense<[2, 4, 6]> : tensor<3xi8>
    %updates = "stablehlo.bitcast_convert"(%updates_storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %scatter_indices = stablehlo.constant dense<[[0], [2], [0]]> : tensor<3x1xi64>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %updates) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.5:1>>, %arg1: tensor<!quant.uniform<i8:f32, 0.5:1>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> tensor<!quant.uniform<i8:f32, 0.5:1>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.5:1>>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x1xi64>, tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3x!quant.uniform<i8:f32, 0.5:1>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<3x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<3xi8>
    check.expect_eq_const %result_storage, dense<[11, -3, 10]> : tensor<3xi8>
    func.return
  }
}
