// Case: spec/after_all/edge-no-inputs
// after_all with zero inputs produces a token.
module {
  func.func @main() {
    %result = stablehlo.after_all : !stablehlo.token
    func.return
  }
}
