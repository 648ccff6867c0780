// Case: spec/outfeed/edge-no-inputs
// An outfeed with no inputs, only a token (the inputs are variadic). The case passes when it runs.
module {
  func.func @main() {
    %token = stablehlo.after_all : !stablehlo.token
    %result = "stablehlo.outfeed"(%token) {
      outfeed_config = ""
    } : (!stablehlo.token) -> !stablehlo.token
    func.return
  }
}
