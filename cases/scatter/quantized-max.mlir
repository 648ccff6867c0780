// Case: spec/scatter/quantized-max
// Quantized maximum with duplicate indices (scale 0.25, zero point -3).
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[5, -3, 7]> : tensor<3xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.25:-3>>
    %updates_storage = stablehlo.constant dense<[2, 40, -9]> : tensor<3xi8>
    %updates = "stablehlo.bitcast_convert"(%updates_storage) : (tensor<3xi8>) -> tensor<3x!quant.uniform<i8:f32, 0.25:-3>>
    %scatter_indices = stablehlo.constant dense<[[1], [1], [2]]> : tensor<3x1xi64>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %updates) ({
      ^bb0(%arg0: tensor<!quant.uniform<i8:f32, 0.25:-3>>, %arg1: tensor<!quant.uniform<i8:f32, 0.25:-3>>):
        %0 = "stablehlo.maximum"(%arg0, %arg1) : (tensor<!quant.uniform<i8:f32, 0.25:-3>>, tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<!quant.uniform<i8:f32, 0.25:-3>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i8:f32, 0.25:-3>>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<3x!quant.uniform<i8:f32, 0.25:-3>>, tensor<3x1xi64>, tensor<3x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<3x!quant.uniform<i8:f32, 0.25:-3>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<3x!quant.uniform<i8:f32, 0.25:-3>>) -> tensor<3xi8>
    check.expect_eq_const %result_storage, dense<[5, 40, 7]> : tensor<3xi8>
    func.return
  }
}
