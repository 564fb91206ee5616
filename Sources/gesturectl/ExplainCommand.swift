enum ExplainCommand {
  static let command = Subcommand(
    name: "explain", overview: "(not yet available)", usage: "explain", arguments: [], options: [], valued: [], flags: [],
    run: { _, _ throws(InputError) in throw .usage("'explain' is not implemented yet") })
}
