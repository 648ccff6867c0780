// Case: spec/outfeed/edge-multiple-inputs
// One outfeed with three inputs (f16, i1 and an empty f32 tensor), chained after a first
// outfeed by its token. The case passes when it runs.
module {
  func.func @main() {
    %halves = stablehlo.constant dense<[0.5, -0.0, 0x7C00]> : tensor<3xf16>
    %flags = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %nothing = stablehlo.constant dense<> : tensor<0x2xf32>
    %token = stablehlo.after_all : !stablehlo.token
    %first = "stablehlo.outfeed"(%halves, %token) {
      outfeed_config = ""
    } : (tensor<3xf16>, !stablehlo.token) -> !stablehlo.token
    %second = "stablehlo.outfeed"(%halves, %flags, %nothing, %first) {
      outfeed_config = ""
    } : (tensor<3xf16>, tensor<2xi1>, tensor<0x2xf32>, !stablehlo.token) -> !stablehlo.token
    func.return
  }
}
