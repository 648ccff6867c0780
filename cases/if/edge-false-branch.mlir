// Case: spec/if/edge-false-branch
// pred = false selects the false branch.
module {
  func.func @main() {
    %t = stablehlo.constant dense<10> : tensor<i32>
    %f = stablehlo.constant dense<11> : tensor<i32>
    %pred = stablehlo.constant dense<false> : tensor<i1>
    %result = "stablehlo.if"(%pred) ({
      stablehlo.return %t : tensor<i32>
    }, {
      stablehlo.return %f : tensor<i32>
    }) : (tensor<i1>) -> tensor<i32>
    check.expect_eq_const %result, dense<11> : tensor<i32>
    func.return
  }
}
