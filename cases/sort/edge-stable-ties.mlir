// Case: spec/sort/edge-stable-ties
// Spec: with is_stable = true, elements the comparator considers equal keep their relative order. Keys
// [2, 1, 2, 1, 2] compared with LT; operand 1 records the original positions.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[2, 1, 2, 1, 2]> : tensor<5xi32>
    %input1 = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
    %result0, %result1 = "stablehlo.sort"(%input0, %input1) ({
      ^bb0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i32>):
        %predicate = "stablehlo.compare"(%arg0, %arg1) {
          comparison_direction = #stablehlo<comparison_direction LT>
        } : (tensor<i32>, tensor<i32>) -> tensor<i1>
        "stablehlo.return"(%predicate) : (tensor<i1>) -> ()
    }) {
      dimension = 0 : i64,
      is_stable = true
    } : (tensor<5xi32>, tensor<5xi32>) -> (tensor<5xi32>, tensor<5xi32>)
    check.expect_eq_const %result0, dense<[1, 1, 2, 2, 2]> : tensor<5xi32>
    check.expect_eq_const %result1, dense<[1, 3, 0, 2, 4]> : tensor<5xi32>
    func.return
  }
}
