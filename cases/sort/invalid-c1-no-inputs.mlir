// Case: spec-invalid/sort/invalid-c1-no-inputs
// expect-invalid: sort C1
// sort has no input.
module {
  func.func @main() {
    "stablehlo.sort"() ({
    ^bb0:
      %c = stablehlo.constant dense<true> : tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }) {dimension = 0 : i64, is_stable = false} : () -> ()
    func.return
  }
}
