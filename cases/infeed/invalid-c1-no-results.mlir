// Case: spec-invalid/infeed/invalid-c1-no-results
// expect-invalid: infeed C1
// infeed has no result, not even the token.
module {
  func.func @main(%arg0: !stablehlo.token) {
    "stablehlo.infeed"(%arg0) {infeed_config = ""} : (!stablehlo.token) -> ()
    func.return
  }
}
