// Case: spec/scatter/quantized-promote
// i8 (scale 0.5) inputs and updates with an i16 (scale 0.25) update computation: both are requantized
// (q -> 2q) before the adds, and the result has the computation's type: [2 * (3 + 1 + 2), 2 * -4].
module {
  func.func @main() {
    %input_storage = stablehlo.constant dense<[3, -4]> : tensor<2xi8>
    %input = "stablehlo.bitcast_convert"(%input_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %updates_storage = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
    %updates = "stablehlo.bitcast_convert"(%updates_storage) : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32, 0.5:0>>
    %scatter_indices = stablehlo.constant dense<[[0], [0]]> : tensor<2x1xi64>
    %result = "stablehlo.scatter"(%input, %scatter_indices, %updates) ({
      ^bb0(%arg0: tensor<!quant.uniform<i16:f32, 0.25:0>>, %arg1: tensor<!quant.uniform<i16:f32, 0.25:0>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<!quant.uniform<i16:f32, 0.25:0>>, tensor<!quant.uniform<i16:f32, 0.25:0>>) -> tensor<!quant.uniform<i16:f32, 0.25:0>>
        "stablehlo.return"(%0) : (tensor<!quant.uniform<i16:f32, 0.25:0>>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<2x!quant.uniform<i8:f32, 0.5:0>>, tensor<2x1xi64>, tensor<2x!quant.uniform<i8:f32, 0.5:0>>) -> tensor<2x!quant.uniform<i16:f32, 0.25:0>>
    %result_storage = "stablehlo.bitcast_convert"(%result) : (tensor<2x!quant.uniform<i16:f32, 0.25:0>>) -> tensor<2xi16>
    check.expect_eq_const %result_storage, dense<[12, -8]> : tensor<2xi16>
    func.return
  }
}
