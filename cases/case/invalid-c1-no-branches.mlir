// Case: spec-invalid/case/invalid-c1-no-branches
// expect-invalid: case C1
// case has no branch.
module {
  func.func @main(%arg0: tensor<i32>) {
    "stablehlo.case"(%arg0) : (tensor<i32>) -> ()
    func.return
  }
}
