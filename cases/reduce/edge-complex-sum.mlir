// Case: spec/reduce/edge-complex-sum
// complex<f32> add: each part summed exactly.
module {
  func.func @main() {
    %input = stablehlo.constant dense<[(1.0, -2.0), (0.5, 4.0), (-3.0, 0.25)]> : tensor<3xcomplex<f32>>
    %init_value = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
    %result = "stablehlo.reduce"(%input, %init_value) ({
      ^bb0(%arg0: tensor<complex<f32>>, %arg1: tensor<complex<f32>>):
        %0 = "stablehlo.add"(%arg0, %arg1) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
        "stablehlo.return"(%0) : (tensor<complex<f32>>) -> ()
    }) {
      dimensions = array<i64: 0>
    } : (tensor<3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    check.expect_eq_const %result, dense<(-1.5, 2.25)> : tensor<complex<f32>>
    func.return
  }
}
