// Case: spec-invalid/rng_bit_generator/invalid-c2-three-fry-size
// expect-invalid: rng_bit_generator C2
// THREE_FRY needs an initial_state of 2 elements; it has 3.
module {
  func.func @main(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
    %0:2 = "stablehlo.rng_bit_generator"(%arg0) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
    func.return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
  }
}
