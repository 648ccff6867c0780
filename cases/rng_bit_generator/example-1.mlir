// Case: spec/rng_bit_generator/example-1
// From the spec's `rng_bit_generator` example (THREE_FRY, initial_state [1, 2]).
// Only this example is checked: the spec calls the algorithms implementation-defined variants.
module {
  func.func @main() {
    %initial_state = stablehlo.constant dense<[1, 2]> : tensor<2xui64>
    %output_state, %output = "stablehlo.rng_bit_generator"(%initial_state) {
      rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>
    } : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui64>)
    check.expect_eq_const %output_state, dense<[1, 6]> : tensor<2xui64>
    check.expect_eq_const %output, dense<[[9236835810183407956, 16087790271692313299], [18212823393184779219, 2658481902456610144]]> : tensor<2x2xui64>
    func.return
  }
}
