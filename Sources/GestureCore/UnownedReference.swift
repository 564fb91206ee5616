/// An unowned reference held in a value, so that the property holding it can be changed by a
/// swap (`replace(_:with:)`) instead of an assignment.
///
/// Assigning an `unowned` property lets go of the old reference inside the property's access, a
/// release the compiler cannot see through; one such access keeps the property's exclusivity
/// checked at run time wherever it is read. A swap moves the old value out, and it is let go of
/// after the access.
struct UnownedReference<Object: AnyObject> {
  unowned let object: Object

  init(_ object: Object) {
    self.object = object
  }

  /// Sets `storage` to `object` (nil: none) by a swap.
  @inline(__always)
  static func replace(_ storage: inout UnownedReference?, with object: Object?) {
    var replacement = object.map { UnownedReference($0) }
    swap(&replacement, &storage)
  }
}

/// ``UnownedReference`` for a runtime: `any GestureHost` does not satisfy `UnownedReference`'s
/// `AnyObject` constraint.
struct UnownedHost {
  unowned let object: any GestureHost

  init(_ object: any GestureHost) {
    self.object = object
  }

  /// Sets `storage` to `object` (nil: none) by a swap.
  @inline(__always)
  static func replace(_ storage: inout UnownedHost?, with object: (any GestureHost)?) {
    var replacement = object.map { UnownedHost($0) }
    swap(&replacement, &storage)
  }
}
