// Case: spec/scatter/edge-variadic
// Two inputs scattered together: the computation adds on the si32 input and keeps the larger
// value on the f32 input (unique indices).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
    %input1 = stablehlo.constant dense<[0.5, 1.5, 2.5]> : tensor<3xf32>
    %scatter_indices = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi32>
    %update0 = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
    %update1 = stablehlo.constant dense<[-1.0, 7.0]> : tensor<2xf32>
    %result0, %result1 = "stablehlo.scatter"(%input0, %input1, %scatter_indices, %update0, %update1) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<f32>):
        %0 = "stablehlo.add"(%arg0, %arg2) : (tensor<i32>, tensor<i32>) -> tensor<i32>
        %1 = "stablehlo.maximum"(%arg1, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%0, %1) : (tensor<i32>, tensor<f32>) -> ()
    }) {
      scatter_dimension_numbers = #stablehlo.scatter<
        update_window_dims = [],
        inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1>,
      indices_are_sorted = false,
      unique_indices = false
    } : (tensor<3xi32>, tensor<3xf32>, tensor<2x1xi32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<3xi32>, tensor<3xf32>)
    check.expect_eq_const %result0, dense<[21, 2, 13]> : tensor<3xi32>
    check.expect_eq_const %result1, dense<[7.0, 1.5, 2.5]> : tensor<3xf32>
    func.return
  }
}
