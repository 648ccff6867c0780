// Case: spec/optimization_barrier/edge-token
// optimization_barrier accepts tokens along with tensors.
module {
  func.func @main() {
    %t = stablehlo.after_all : !stablehlo.token
    %x = stablehlo.constant dense<3> : tensor<i32>
    %r0, %r1 = stablehlo.optimization_barrier %t, %x : !stablehlo.token, tensor<i32>
    check.expect_eq_const %r1, dense<3> : tensor<i32>
    func.return
  }
}
