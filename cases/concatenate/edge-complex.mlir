// Case: spec/concatenate/edge-complex
// concatenate on complex<f32>.
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
    %input1 = stablehlo.constant dense<[(-0.0, 0x7FC00000), (3.0, -4.0)]> : tensor<2xcomplex<f32>>
    %result = "stablehlo.concatenate"(%input0, %input1) {
      dimension = 0 : i64
    } : (tensor<1xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<3xcomplex<f32>>
    check.expect_eq_const %result, dense<[(1.0, 2.0), (-0.0, 0x7FC00000), (3.0, -4.0)]> : tensor<3xcomplex<f32>>
    func.return
  }
}
