// Case: spec/outfeed/example-1
// From the spec's `outfeed` example (a 2x2x2 si64 input). Where the value goes is
// implementation-defined, so the case passes when it runs (`hloconf eval --outfeed-dir DIR` writes it to DIR).
module {
  func.func @main() {
    %input0 = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
    %token = stablehlo.after_all : !stablehlo.token
    %result = "stablehlo.outfeed"(%input0, %token) {
      outfeed_config = ""
    } : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
    func.return
  }
}
