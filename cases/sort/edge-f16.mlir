// Case: spec/sort/edge-f16
// f16 sort ascending (FLOAT LT, no NaN or signed zeros).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[65504.0, -1.0, 0x0001, 0xFC00, 0.5]> : tensor<5xf16>
    %result0 = "stablehlo.sort"(%input0) ({
      ^bb0(%arg0: tensor<f16>, %arg1: tensor<f16>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<f16>, tensor<f16>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<5xf16>) -> tensor<5xf16>
    check.expect_eq_const %result0, dense<[0xFC00, -1.0, 0x0001, 0.5, 65504.0]> : tensor<5xf16>
    func.return
  }
}
