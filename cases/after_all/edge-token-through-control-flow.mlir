// Case: spec/after_all/edge-token-through-control-flow
// A token from after_all threaded through a while loop alongside a counter; the counter is checked.
module {
  func.func @main() {
    %t0 = stablehlo.after_all : !stablehlo.token
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %r0, %r1 = stablehlo.while(%t = %t0, %i = %zero) : !stablehlo.token, tensor<i32>
    cond {
      %three = stablehlo.constant dense<3> : tensor<i32>
      %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %t2 = stablehlo.after_all %t, %t : !stablehlo.token
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %t2, %i2 : !stablehlo.token, tensor<i32>
    }
    check.expect_eq_const %r1, dense<3> : tensor<i32>
    func.return
  }
}
