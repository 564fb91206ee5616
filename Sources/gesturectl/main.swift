print("gesturectl 0.1.0")
