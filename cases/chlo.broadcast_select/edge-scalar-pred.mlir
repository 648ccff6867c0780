// Case: spec/chlo.broadcast_select/edge-scalar-pred
// broadcast_select with a scalar predicate and a scalar on_false, broadcast to the on_true shape.
module {
  func.func @main() {
    %pred = stablehlo.constant dense<false> : tensor<i1>
    %on_true = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
    %on_false = stablehlo.constant dense<7> : tensor<i32>
    %result = chlo.broadcast_select %pred, %on_true, %on_false : (tensor<i1>, tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
    check.expect_eq_const %result, dense<[7, 7]> : tensor<2xi32>
    func.return
  }
}
