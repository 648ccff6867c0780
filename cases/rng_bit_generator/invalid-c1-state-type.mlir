// Case: spec-invalid/rng_bit_generator/invalid-c1-state-type
// expect-invalid: rng_bit_generator C1
// output_state has another shape than initial_state.
module {
  func.func @main(%arg0: tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
    %0:2 = "stablehlo.rng_bit_generator"(%arg0) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
    func.return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
  }
}
