// Case: spec/while/edge-tensor-state
// A loop carrying a tensor: doubling [1, 3] five times gives [32, 96] (f32, exact).
module {
  func.func @main() {
    %init = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %r0, %r1 = stablehlo.while(%a = %init, %i = %zero) : tensor<2xf32>, tensor<i32>
    cond {
      %five = stablehlo.constant dense<5> : tensor<i32>
      %c = stablehlo.compare LT, %i, %five, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %a2 = stablehlo.add %a, %a : tensor<2xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %a2, %i2 : tensor<2xf32>, tensor<i32>
    }
    check.expect_eq_const %r0, dense<[32.0, 96.0]> : tensor<2xf32>
    check.expect_eq_const %r1, dense<5> : tensor<i32>
    func.return
  }
}
