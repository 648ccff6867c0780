// Case: spec/composite/example-1
// The spec's `composite` example (name my_namespace.my_op, composite_attributes, decomposition @my_op,
// version 1) with a concrete @my_op (add) and inputs; the composite behaves as its decomposition.
module {
  func.func private @my_op(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg1 : tensor<f32>
    func.return %0 : tensor<f32>
  }

  func.func @main() {
    %input0 = stablehlo.constant dense<1.5> : tensor<f32>
    %input1 = stablehlo.constant dense<2.25> : tensor<f32>
    %results = "stablehlo.composite"(%input0, %input1) {
      name = "my_namespace.my_op",
      composite_attributes = {
        my_attribute = "my_value"
      },
      decomposition = @my_op,
      version = 1 : i32
    } : (tensor<f32>, tensor<f32>) -> tensor<f32>
    check.expect_eq_const %results, dense<3.75> : tensor<f32>
    func.return
  }
}
