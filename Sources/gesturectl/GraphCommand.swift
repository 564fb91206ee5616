enum GraphCommand {
  static let command = Subcommand(
    name: "graph", overview: "(not yet available)", usage: "graph", arguments: [], options: [], valued: [], flags: [],
    run: { _, _ throws(InputError) in throw .usage("'graph' is not implemented yet") })
}
