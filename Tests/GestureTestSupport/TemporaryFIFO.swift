#if os(Linux)
  import Glibc

  /// A FIFO that failed to be made or opened, with the call's error.
  public struct TemporaryFIFOError: Error, CustomStringConvertible {
    /// What failed, with the path and the system's reason.
    public let description: String
  }

  /// Runs `body` with a new FIFO in the temporary directory, which stands for an input device in
  /// tests, and removes the FIFO when `body` returns.
  ///
  /// With `openWriter`, the FIFO is opened for reading and writing before `body` runs, and
  /// `body` gets that descriptor (else -1): a device's read-only open then finds a writer and does
  /// not wait, and the device never sees its input end while the descriptor stays open (it is
  /// closed when `body` returns). Writes to it block once the FIFO's buffer is full.
  public func withTemporaryFIFO<Result>(
    _ name: String, openWriter: Bool = false, _ body: (_ path: String, _ writer: Int32) throws -> Result
  ) throws -> Result {
    let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    let path = directory + (directory.hasSuffix("/") ? "" : "/") + "gesture-\(name)-\(getpid()).fifo"
    unlink(path)
    guard mkfifo(path, 0o600) == 0 else {
      throw TemporaryFIFOError(description: "mkfifo \(path): \(String(cString: strerror(errno)))")
    }
    defer { unlink(path) }
    var writer: Int32 = -1
    if openWriter {
      writer = open(path, O_RDWR | O_CLOEXEC)
      guard writer >= 0 else {
        throw TemporaryFIFOError(description: "open \(path): \(String(cString: strerror(errno)))")
      }
    }
    defer { if writer >= 0 { close(writer) } }
    return try body(path, writer)
  }
#endif
