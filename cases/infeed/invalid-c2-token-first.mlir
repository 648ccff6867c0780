// Case: spec-invalid/infeed/invalid-c2-token-first
// expect-invalid: infeed C2
// A token before the last result: every result but the last is a tensor.
module {
  func.func @main(%arg0: !stablehlo.token) -> (!stablehlo.token, !stablehlo.token) {
    %0:2 = "stablehlo.infeed"(%arg0) {infeed_config = ""} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
    func.return %0#0, %0#1 : !stablehlo.token, !stablehlo.token
  }
}
