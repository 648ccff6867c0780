// Case: spec/while/edge-nested
// Nested while loops: 3 outer x 4 inner iterations increment a counter 12 times.
module {
  func.func @main() {
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %three = stablehlo.constant dense<3> : tensor<i32>
    %four = stablehlo.constant dense<4> : tensor<i32>
    %r0, %r1 = stablehlo.while(%i = %zero, %acc = %zero) : tensor<i32>, tensor<i32>
    cond {
      %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %s0, %s1 = stablehlo.while(%j = %zero, %acc2 = %acc) : tensor<i32>, tensor<i32>
      cond {
        %c2 = stablehlo.compare LT, %j, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %c2 : tensor<i1>
      } do {
        %j2 = stablehlo.add %j, %one : tensor<i32>
        %a3 = stablehlo.add %acc2, %one : tensor<i32>
        stablehlo.return %j2, %a3 : tensor<i32>, tensor<i32>
      }
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i2, %s1 : tensor<i32>, tensor<i32>
    }
    check.expect_eq_const %r0, dense<3> : tensor<i32>
    check.expect_eq_const %r1, dense<12> : tensor<i32>
    func.return
  }
}
