#if os(Linux)
  extension InputDecoder {
    /// Takes a touch device's current contacts as the decoder's starting point: what the device
    /// holds now (``InputDevice/touchState(slotCount:)``), as ``TouchDecoder/synchronize(currentSlot:slots:)``
    /// takes it: a contact already down begins, as a new touch, the next time the device reports
    /// one of its values. Call it when
    /// the device is added and after every `SYN_DROPPED`, once the frame the drop cut is over (at
    /// its `SYN_REPORT`): the kernel's buffer overflowed, and the events lost may have lifted
    /// contacts or started others. ``InputEventLoop`` calls it at both.
    ///
    /// A device that cannot be asked (a FIFO) is taken to hold nothing, the first time; later its
    /// decoder keeps what it has. A pointer device's decoder has nothing to take.
    ///
    /// - Parameter device: The device this decoder decodes.
    public mutating func synchronize(with device: InputDevice) {
      guard var touch = touchDecoder else { return }
      if let state = device.touchState(slotCount: touch.slotCount) {
        touch.synchronize(currentSlot: state.currentSlot, slots: state.slots)
      } else if !touch.hasSynchronized {
        touch.synchronize(
          currentSlot: 0,
          slots: Array(repeating: TouchDecoder.SlotValues(trackingID: -1, x: 0, y: 0), count: touch.slotCount))
      }
      touchDecoder = touch
    }
  }
#endif
