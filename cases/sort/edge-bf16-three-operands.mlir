// Case: spec/sort/edge-bf16-three-operands
// Three operands sorted by the bf16 operand 1 (descending); operands 0 and 2 follow.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
    %input1 = stablehlo.constant dense<[0.1, 4.0, -2.0, 8.0]> : tensor<4xbf16>
    %input2 = stablehlo.constant dense<[true, false, false, true]> : tensor<4xi1>
    %result0, %result1, %result2 = "stablehlo.sort"(%input0, %input1, %input2) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<bf16>, %arg3: tensor<bf16>, %arg4: tensor<i1>, %arg5: tensor<i1>):
        %predicate = "stablehlo.compare"(%arg2, %arg3) {
          comparison_direction = #stablehlo<comparison_direction GT>
        } : (tensor<bf16>, tensor<bf16>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<4xi32>, tensor<4xbf16>, tensor<4xi1>) -> (tensor<4xi32>, tensor<4xbf16>, tensor<4xi1>)
    check.expect_eq_const %result0, dense<[3, 1, 0, 2]> : tensor<4xi32>
    check.expect_eq_const %result1, dense<[8.0, 4.0, 0.1, -2.0]> : tensor<4xbf16>
    check.expect_eq_const %result2, dense<[true, false, true, false]> : tensor<4xi1>
    func.return
  }
}
