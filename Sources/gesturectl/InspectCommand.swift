enum InspectCommand {
  static let command = Subcommand(
    name: "inspect", overview: "(not yet available)", usage: "inspect", arguments: [], options: [], valued: [], flags: [],
    run: { _, _ throws(InputError) in throw .usage("'inspect' is not implemented yet") })
}
