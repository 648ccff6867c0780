// Case: spec/call/edge-multiple-results
// func.call of a function with two arguments and two results (swap and negate, f32 signed zero).
module {
  func.func @swap_neg(%x: tensor<2xf32>, %y: tensor<i32>) -> (tensor<i32>, tensor<2xf32>) {
    %n = stablehlo.negate %x : tensor<2xf32>
    func.return %y, %n : tensor<i32>, tensor<2xf32>
  }

  func.func @main() {
    %a = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
    %b = stablehlo.constant dense<7> : tensor<i32>
    %r0, %r1 = func.call @swap_neg(%a, %b) : (tensor<2xf32>, tensor<i32>) -> (tensor<i32>, tensor<2xf32>)
    check.expect_eq_const %r0, dense<7> : tensor<i32>
    check.expect_eq_const %r1, dense<[-1.0, -0.0]> : tensor<2xf32>
    func.return
  }
}
