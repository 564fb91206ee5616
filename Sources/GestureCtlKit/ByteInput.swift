#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much of an input gesturectl holds at once: a line, and a file read whole (a scene, a
/// script written as one JSON array). Endless input (`/dev/zero`, a pipe that never ends a
/// line) is an error once past them, not a process that grows until the machine runs out.
struct InputLimits: Sendable {
  /// The longest line, in bytes.
  var line: Int
  /// The longest input read whole, in bytes; also the most of standard input kept in a file.
  var whole: Int

  static let standard = InputLimits(line: 128 << 20, whole: 256 << 20)

  /// The limits in force (tests lower them for a task).
  @TaskLocal static var current = InputLimits.standard

  /// `bytes` as a size for messages: "128 MiB", or a number of bytes below 1 MiB.
  static func describe(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}

/// Reads a file (or standard input) in chunks and hands out its lines, so that memory stays flat
/// however long the input is.
final class LineReader {
  /// The input's name in messages: its path, `-` for standard input.
  let name: String
  private let limits = InputLimits.current
  private let fd: Int32
  private let ownsDescriptor: Bool
  private var buffer: [UInt8] = []
  private var chunk: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private(set) var lineNumber = 0
  static let chunk = 1 << 16

  /// Opens `path` (`-` is standard input).
  init(path: String) throws(InputError) {
    name = path
    if path == "-" {
      fd = 0
      ownsDescriptor = false
    } else {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw InputError(kind: .cannotOpen, message: "\(path): error: cannot open: \(String(cString: strerror(errno)))")
      }
      var info = stat()
      if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
        close(descriptor)
        throw InputError(kind: .cannotOpen, message: "\(path): error: cannot open: is a directory")
      }
      fd = descriptor
      ownsDescriptor = true
    }
    buffer.reserveCapacity(Self.chunk * 2)
    chunk = [UInt8](repeating: 0, count: Self.chunk)
  }

  /// Reads from bytes already in memory (the fuzz targets and tests use this).
  init(bytes: [UInt8], name: String = "input") {
    self.name = name
    fd = -1
    ownsDescriptor = false
    buffer = bytes
    atEnd = true
  }

  deinit {
    if ownsDescriptor { close(fd) }
  }

  private func fill() -> Bool {
    if atEnd { return false }
    if start > 0 {
      buffer.removeFirst(start)
      start = 0
    }
    let count = chunk.withUnsafeMutableBytes { raw in read(fd, raw.baseAddress!, raw.count) }
    if count <= 0 {
      atEnd = true
      return false
    }
    buffer.append(contentsOf: chunk[0..<count])
    return true
  }

  /// The next line without its newline, or nil at the end.
  ///
  /// - Throws: ``InputError`` for a line longer than ``InputLimits/line`` (the first line may be
  ///   as long as ``InputLimits/whole``: a script written as one JSON array on one line is read
  ///   whole).
  func nextLine() throws(InputError) -> ArraySlice<UInt8>? {
    let limit = lineNumber == 0 ? limits.whole : limits.line
    var searchFrom = start
    while true {
      if let newline = Self.firstNewline(in: buffer, from: searchFrom) {
        let line = buffer[start..<newline]
        start = newline + 1
        lineNumber += 1
        return line.last == 0x0D ? line.dropLast() : line
      }
      searchFrom = buffer.count
      if searchFrom - start > limit {
        throw .at(
          name, lineNumber + 1, 1,
          "a line longer than \(InputLimits.describe(limit)), the most \(GestureCtl.toolName) reads as one: expected lines of text (is this a binary file?)"
        )
      }
      let consumed = start
      if !fill() {
        guard start < buffer.count else { return nil }
        let line = buffer[start..<buffer.count]
        start = buffer.count
        lineNumber += 1
        return line
      }
      searchFrom -= consumed
    }
  }

  /// The index of the first newline at or after `start`, found with memchr.
  private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count else { return nil }
    return bytes.withUnsafeBytes { raw in
      guard let found = memchr(raw.baseAddress! + start, 0x0A, raw.count - start) else { return nil }
      return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
    }
  }

  /// Everything left in the input.
  ///
  /// - Throws: ``InputError`` for input longer than ``InputLimits/whole``.
  func readAll() throws(InputError) -> [UInt8] {
    while fill() {
      if buffer.count - start > limits.whole {
        throw .data(
          "\(name): error: longer than \(InputLimits.describe(limits.whole)), the most \(GestureCtl.toolName) reads whole (a scene, or a script written as one JSON array)"
        )
      }
    }
    let rest = Array(buffer[start...])
    start = buffer.count
    return rest
  }
}

/// Buffered writing to a file descriptor.
final class OutputBuffer {
  private let fd: Int32
  private var bytes: [UInt8] = []
  /// The error of the first write that failed (a full disk, a closed descriptor): nothing more is
  /// written after it, and the command's exit code says so.
  private(set) var failure: Int32?

  init(fd: Int32 = 1) {
    self.fd = fd
    bytes.reserveCapacity(1 << 16)
  }

  func write(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    if bytes.count >= 1 << 16 { flush() }
  }

  func flush() {
    var offset = 0
    while offset < bytes.count && failure == nil {
      let written = bytes[offset...].withUnsafeBytes { raw in
        Glibc.write(fd, raw.baseAddress!, raw.count)
      }
      if written < 0 && errno == EINTR { continue }
      if written <= 0 {
        failure = written < 0 ? errno : EIO
        break
      }
      offset += written
    }
    bytes.removeAll(keepingCapacity: true)
  }
}

/// Writes standard input to a temporary file so that it can be read twice; returns its path.
func spoolStandardInput() throws(InputError) -> String {
  var template = Array("/tmp/gesturectl-stdin-XXXXXX".utf8CString)
  let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
  guard descriptor >= 0 else {
    throw InputError(kind: .cannotOpen, message: "-: error: cannot create a temporary file")
  }
  let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  let limit = InputLimits.current.whole
  var total = 0
  while true {
    let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
    if count <= 0 { break }
    total += count
    if total > limit {
      close(descriptor)
      unlink(path)
      throw InputError.data(
        "-: error: standard input is longer than \(InputLimits.describe(limit)), the most \(GestureCtl.toolName) keeps of it to read twice; give a file"
      )
    }
    var offset = 0
    while offset < count {
      let written = chunk.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, count - offset) }
      if written <= 0 { break }
      offset += written
    }
  }
  close(descriptor)
  return path
}

func removeFile(_ path: String) { unlink(path) }

func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

/// Reads a whole file.
func readFile(_ path: String) throws(InputError) -> [UInt8] {
  let reader = try LineReader(path: path)
  return try reader.readAll()
}

/// Ends the process with `code`.
func exitProcess(_ code: Int32) -> Never { exit(code) }

func cosine(_ radians: Double) -> Double { cos(radians) }
func sine(_ radians: Double) -> Double { sin(radians) }
func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
