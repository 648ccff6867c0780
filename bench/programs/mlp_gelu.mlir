// A 4-layer MLP, 16x256 -> 256 -> 256 -> 256 -> 256, each layer x W + b then GELU (tanh approximation:
// 0.5 x (1 + tanh(0.7978845608 (x + 0.044715 x^3))), written out in elementwise ops). Weights 0.01, biases 0.1.
//   build/hloconf exec bench/programs/mlp_gelu.mlir --arg 'dense<0.5> : tensor<16x256xf32>' --repeat 10
module {
  func.func @main(%x: tensor<16x256xf32>) -> tensor<16x256xf32> {
    %v1 = stablehlo.constant dense<0.01> : tensor<256x256xf32>
    %v2 = stablehlo.constant dense<0.1> : tensor<256xf32>
    %v3 = "stablehlo.dot_general"(%x, %v1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<16x256xf32>, tensor<256x256xf32>) -> tensor<16x256xf32>
    %v4 = "stablehlo.broadcast_in_dim"(%v2) {broadcast_dimensions = array<i64: 1>} : (tensor<256xf32>) -> tensor<16x256xf32>
    %v5 = "stablehlo.add"(%v3, %v4) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v6 = "stablehlo.multiply"(%v5, %v5) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v7 = "stablehlo.multiply"(%v6, %v5) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v8 = stablehlo.constant dense<0.044715> : tensor<16x256xf32>
    %v9 = "stablehlo.multiply"(%v8, %v7) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v10 = "stablehlo.add"(%v5, %v9) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v11 = stablehlo.constant dense<0.7978845608> : tensor<16x256xf32>
    %v12 = "stablehlo.multiply"(%v11, %v10) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v13 = "stablehlo.tanh"(%v12) : (tensor<16x256xf32>) -> tensor<16x256xf32>
    %v14 = stablehlo.constant dense<0.5> : tensor<16x256xf32>
    %v15 = "stablehlo.multiply"(%v14, %v5) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v16 = stablehlo.constant dense<1.0> : tensor<16x256xf32>
    %v17 = "stablehlo.add"(%v16, %v13) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v18 = "stablehlo.multiply"(%v15, %v17) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v19 = stablehlo.constant dense<0.01> : tensor<256x256xf32>
    %v20 = stablehlo.constant dense<0.1> : tensor<256xf32>
    %v21 = "stablehlo.dot_general"(%v18, %v19) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<16x256xf32>, tensor<256x256xf32>) -> tensor<16x256xf32>
    %v22 = "stablehlo.broadcast_in_dim"(%v20) {broadcast_dimensions = array<i64: 1>} : (tensor<256xf32>) -> tensor<16x256xf32>
    %v23 = "stablehlo.add"(%v21, %v22) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v24 = "stablehlo.multiply"(%v23, %v23) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v25 = "stablehlo.multiply"(%v24, %v23) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v26 = stablehlo.constant dense<0.044715> : tensor<16x256xf32>
    %v27 = "stablehlo.multiply"(%v26, %v25) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v28 = "stablehlo.add"(%v23, %v27) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v29 = stablehlo.constant dense<0.7978845608> : tensor<16x256xf32>
    %v30 = "stablehlo.multiply"(%v29, %v28) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v31 = "stablehlo.tanh"(%v30) : (tensor<16x256xf32>) -> tensor<16x256xf32>
    %v32 = stablehlo.constant dense<0.5> : tensor<16x256xf32>
    %v33 = "stablehlo.multiply"(%v32, %v23) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v34 = stablehlo.constant dense<1.0> : tensor<16x256xf32>
    %v35 = "stablehlo.add"(%v34, %v31) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v36 = "stablehlo.multiply"(%v33, %v35) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v37 = stablehlo.constant dense<0.01> : tensor<256x256xf32>
    %v38 = stablehlo.constant dense<0.1> : tensor<256xf32>
    %v39 = "stablehlo.dot_general"(%v36, %v37) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<16x256xf32>, tensor<256x256xf32>) -> tensor<16x256xf32>
    %v40 = "stablehlo.broadcast_in_dim"(%v38) {broadcast_dimensions = array<i64: 1>} : (tensor<256xf32>) -> tensor<16x256xf32>
    %v41 = "stablehlo.add"(%v39, %v40) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v42 = "stablehlo.multiply"(%v41, %v41) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v43 = "stablehlo.multiply"(%v42, %v41) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v44 = stablehlo.constant dense<0.044715> : tensor<16x256xf32>
    %v45 = "stablehlo.multiply"(%v44, %v43) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v46 = "stablehlo.add"(%v41, %v45) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v47 = stablehlo.constant dense<0.7978845608> : tensor<16x256xf32>
    %v48 = "stablehlo.multiply"(%v47, %v46) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v49 = "stablehlo.tanh"(%v48) : (tensor<16x256xf32>) -> tensor<16x256xf32>
    %v50 = stablehlo.constant dense<0.5> : tensor<16x256xf32>
    %v51 = "stablehlo.multiply"(%v50, %v41) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v52 = stablehlo.constant dense<1.0> : tensor<16x256xf32>
    %v53 = "stablehlo.add"(%v52, %v49) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v54 = "stablehlo.multiply"(%v51, %v53) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v55 = stablehlo.constant dense<0.01> : tensor<256x256xf32>
    %v56 = stablehlo.constant dense<0.1> : tensor<256xf32>
    %v57 = "stablehlo.dot_general"(%v54, %v55) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<16x256xf32>, tensor<256x256xf32>) -> tensor<16x256xf32>
    %v58 = "stablehlo.broadcast_in_dim"(%v56) {broadcast_dimensions = array<i64: 1>} : (tensor<256xf32>) -> tensor<16x256xf32>
    %v59 = "stablehlo.add"(%v57, %v58) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v60 = "stablehlo.multiply"(%v59, %v59) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v61 = "stablehlo.multiply"(%v60, %v59) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v62 = stablehlo.constant dense<0.044715> : tensor<16x256xf32>
    %v63 = "stablehlo.multiply"(%v62, %v61) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v64 = "stablehlo.add"(%v59, %v63) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v65 = stablehlo.constant dense<0.7978845608> : tensor<16x256xf32>
    %v66 = "stablehlo.multiply"(%v65, %v64) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v67 = "stablehlo.tanh"(%v66) : (tensor<16x256xf32>) -> tensor<16x256xf32>
    %v68 = stablehlo.constant dense<0.5> : tensor<16x256xf32>
    %v69 = "stablehlo.multiply"(%v68, %v59) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v70 = stablehlo.constant dense<1.0> : tensor<16x256xf32>
    %v71 = "stablehlo.add"(%v70, %v67) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    %v72 = "stablehlo.multiply"(%v69, %v71) : (tensor<16x256xf32>, tensor<16x256xf32>) -> tensor<16x256xf32>
    func.return %v72 : tensor<16x256xf32>
  }
}
