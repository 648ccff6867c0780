// Case: spec/if/edge-nested
// Nested if: outer false, inner true.
module {
  func.func @main() {
    %t = stablehlo.constant dense<true> : tensor<i1>
    %f = stablehlo.constant dense<false> : tensor<i1>
    %result = "stablehlo.if"(%f) ({
      %a = stablehlo.constant dense<1> : tensor<i32>
      stablehlo.return %a : tensor<i32>
    }, {
      %inner = "stablehlo.if"(%t) ({
        %b = stablehlo.constant dense<2> : tensor<i32>
        stablehlo.return %b : tensor<i32>
      }, {
        %c = stablehlo.constant dense<3> : tensor<i32>
        stablehlo.return %c : tensor<i32>
      }) : (tensor<i1>) -> tensor<i32>
      stablehlo.return %inner : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    check.expect_eq_const %result, dense<2> : tensor<i32>
    func.return
  }
}
