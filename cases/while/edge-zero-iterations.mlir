// Case: spec/while/edge-zero-iterations
// Spec: the body runs 0 or more times; when cond is false initially the results are the operands.
module {
  func.func @main() {
    %init = stablehlo.constant dense<[1.5, -0.0]> : tensor<2xf32>
    %n = stablehlo.constant dense<5> : tensor<i32>
    %r0, %r1 = stablehlo.while(%a = %init, %i = %n) : tensor<2xf32>, tensor<i32>
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %a2 = stablehlo.add %a, %a : tensor<2xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %a2, %i2 : tensor<2xf32>, tensor<i32>
    }
    check.expect_eq_const %r0, dense<[1.5, -0.0]> : tensor<2xf32>
    check.expect_eq_const %r1, dense<5> : tensor<i32>
    func.return
  }
}
