// Case: spec/after_all/example-1
// From the spec's `after_all` example: joins two tokens (tokens carry no data, so nothing is checked;
// the case passes if it runs).
module {
  func.func @main() {
    %input0 = stablehlo.after_all : !stablehlo.token
    %input1 = stablehlo.after_all : !stablehlo.token
    %result = "stablehlo.after_all"(%input0, %input1) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
    func.return
  }
}
