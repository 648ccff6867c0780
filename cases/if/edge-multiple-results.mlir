// Case: spec/if/edge-multiple-results
// if with two results of different types computed inside the branches.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<true> : tensor<i1>
    %x = stablehlo.constant dense<[1.0, -0.0]> : tensor<2xf32>
    %r0, %r1 = "stablehlo.if"(%pred) ({
      %n = stablehlo.negate %x : tensor<2xf32>
      %c = stablehlo.constant dense<7> : tensor<i64>
      stablehlo.return %n, %c : tensor<2xf32>, tensor<i64>
    }, {
      %c = stablehlo.constant dense<8> : tensor<i64>
      stablehlo.return %x, %c : tensor<2xf32>, tensor<i64>
    }) : (tensor<i1>) -> (tensor<2xf32>, tensor<i64>)
    check.expect_eq_const %r0, dense<[-1.0, 0.0]> : tensor<2xf32>
    check.expect_eq_const %r1, dense<7> : tensor<i64>
    func.return
  }
}
