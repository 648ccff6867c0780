// Case: spec-invalid/infeed/invalid-c3-no-token
// expect-invalid: infeed C3
// The last result is a tensor, not the token.
module {
  func.func @main(%arg0: !stablehlo.token) -> tensor<2xf32> {
    %0 = "stablehlo.infeed"(%arg0) {infeed_config = ""} : (!stablehlo.token) -> tensor<2xf32>
    func.return %0 : tensor<2xf32>
  }
}
