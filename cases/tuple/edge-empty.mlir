// Case: spec/tuple/edge-empty
// An empty tuple is a valid value.
module {
  func.func @main() {
    %t = stablehlo.tuple : tuple<>
    func.return
  }
}
