// Case: spec/while/example-1
// From the spec's `while` example (generic form). With %init_i = 1 the body runs 9 times, so the
// results are i = 10 and sum = 9 (the spec's printed sum of 10 would need %init_i = 0; see edge-count-from-zero).
module {
  func.func @main() {
    %init_i = stablehlo.constant dense<1> : tensor<i64>
    %init_sum = stablehlo.constant dense<0> : tensor<i64>
    %one = stablehlo.constant dense<1> : tensor<i64>
    %ten = stablehlo.constant dense<10> : tensor<i64>
    %results0, %results1 = "stablehlo.while"(%init_i, %init_sum) ({
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %cond = "stablehlo.compare"(%arg0, %ten) {
        comparison_direction = #stablehlo<comparison_direction LT>
      } : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %cond : tensor<i1>
    }, {
    ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
      %new_sum = stablehlo.add %arg1, %one : tensor<i64>
      %new_i = stablehlo.add %arg0, %one : tensor<i64>
      stablehlo.return %new_i, %new_sum : tensor<i64>, tensor<i64>
    }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
    check.expect_eq_const %results0, dense<10> : tensor<i64>
    check.expect_eq_const %results1, dense<9> : tensor<i64>
    func.return
  }
}
