enum BenchCommand {
  static let command = Subcommand(
    name: "bench", overview: "(not yet available)", usage: "bench", arguments: [], options: [], valued: [], flags: [],
    run: { _, _ throws(InputError) in throw .usage("'bench' is not implemented yet") })
}
