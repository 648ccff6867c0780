// A transformer block, one head, 64 tokens x 128: q, k, v = x Wq, x Wk, x Wv (weights 0.01); softmax(q k^T /
// sqrt(128)) as reduce max, exponential, reduce sum, divide; times v, x Wo; residual; layer norm (no scale).
//   build/hloconf exec bench/programs/transformer_block.mlir --arg 'dense<0.5> : tensor<64x128xf32>' --repeat 10
module {
  func.func @main(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
    %v1 = stablehlo.constant dense<0.01> : tensor<128x128xf32>
    %v2 = "stablehlo.dot_general"(%x, %v1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %v3 = stablehlo.constant dense<0.01> : tensor<128x128xf32>
    %v4 = "stablehlo.dot_general"(%x, %v3) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %v5 = stablehlo.constant dense<0.01> : tensor<128x128xf32>
    %v6 = "stablehlo.dot_general"(%x, %v5) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %v7 = "stablehlo.dot_general"(%v2, %v4) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>} : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x64xf32>
    %v8 = stablehlo.constant dense<0.08838834764831843> : tensor<64x64xf32>
    %v9 = "stablehlo.multiply"(%v7, %v8) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %v10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %v11 = "stablehlo.reduce"(%v9, %v10) ({
      ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
        %q = "stablehlo.maximum"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%q) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
    %v12 = "stablehlo.broadcast_in_dim"(%v11) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
    %v13 = "stablehlo.subtract"(%v9, %v12) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %v14 = "stablehlo.exponential"(%v13) : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %v15 = stablehlo.constant dense<0.0> : tensor<f32>
    %v16 = "stablehlo.reduce"(%v14, %v15) ({
      ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
        %q = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%q) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<64x64xf32>, tensor<f32>) -> tensor<64xf32>
    %v17 = "stablehlo.broadcast_in_dim"(%v16) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x64xf32>
    %v18 = "stablehlo.divide"(%v14, %v17) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
    %v19 = "stablehlo.dot_general"(%v18, %v6) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<64x64xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %v20 = stablehlo.constant dense<0.01> : tensor<128x128xf32>
    %v21 = "stablehlo.dot_general"(%v19, %v20) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %v22 = "stablehlo.add"(%x, %v21) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %v23 = stablehlo.constant dense<0.0> : tensor<f32>
    %v24 = "stablehlo.reduce"(%v22, %v23) ({
      ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
        %q = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%q) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>
    %v25 = stablehlo.constant dense<128.0> : tensor<64xf32>
    %v26 = "stablehlo.divide"(%v24, %v25) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %v27 = "stablehlo.broadcast_in_dim"(%v26) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x128xf32>
    %v28 = "stablehlo.subtract"(%v22, %v27) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %v29 = "stablehlo.multiply"(%v28, %v28) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    %v30 = stablehlo.constant dense<0.0> : tensor<f32>
    %v31 = "stablehlo.reduce"(%v29, %v30) ({
      ^bb0(%p0: tensor<f32>, %p1: tensor<f32>):
        %q = "stablehlo.add"(%p0, %p1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%q) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32>
    %v32 = stablehlo.constant dense<128.0> : tensor<64xf32>
    %v33 = "stablehlo.divide"(%v31, %v32) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %v34 = stablehlo.constant dense<1e-05> : tensor<64xf32>
    %v35 = "stablehlo.add"(%v33, %v34) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>
    %v36 = "stablehlo.rsqrt"(%v35) : (tensor<64xf32>) -> tensor<64xf32>
    %v37 = "stablehlo.broadcast_in_dim"(%v36) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x128xf32>
    %v38 = "stablehlo.multiply"(%v28, %v37) : (tensor<64x128xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
    func.return %v38 : tensor<64x128xf32>
  }
}
