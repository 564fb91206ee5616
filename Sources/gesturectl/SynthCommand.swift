enum SynthCommand {
  static let command = Subcommand(
    name: "synth", overview: "(not yet available)", usage: "synth", arguments: [], options: [], valued: [], flags: [],
    run: { _, _ throws(InputError) in throw .usage("'synth' is not implemented yet") })
}
