// Case: spec/sort/edge-totalorder-float
// f32 sort with compare_type TOTALORDER (LT): -NaN < -inf < negatives < -0 < +0 < subnormal <
// positives < +inf < +NaN. All encodings distinct, so the order is unique.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[1.0, 0x7FC00000, -0.0, 0xFF800000, 0.0, 0xFFC00000, 0x00000001, 0x7F800000, -2.5]> : tensor<9xf32>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>,
          compare_type = #stablehlo<comparison_type TOTALORDER>
        } : (tensor<f32>, tensor<f32>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = false
    } : (tensor<9xf32>) -> tensor<9xf32>
    check.expect_eq_const %result0, dense<[0xFFC00000, 0xFF800000, -2.5, -0.0, 0.0, 0x00000001, 1.0, 0x7F800000, 0x7FC00000]> : tensor<9xf32>
    func.return
  }
}
