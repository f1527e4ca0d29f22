// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Foundation
import Signals
import Testing

/// Memory stays flat under churn: a million subscribe/cancel cycles leave the heap where it was.
///
/// Each check runs in a child process of its own (an exit test), so the heap it measures is not
/// disturbed by the tests running beside it; it reads the resident set size from `/proc`, so it
/// runs on Linux.
struct MemoryTests {
  @Test func aMillionSubscribeCancelCyclesLeaveTheHeapFlat() async {
    #if os(Linux)
    await #expect(processExitsWith: .success) {
      let subject = PassthroughSubject<Int, Never>()
      let other = CurrentValueSubject<Int, Never>(0)
      func cycles(_ count: Int) {
        for index in 0..<count {
          let cancellable = subject.sink { _ in }
          if index.isMultiple(of: 64) {
            subject.send(index)
            // Now and then an operator chain on a subject with a value, released without cancel.
            _ = other.map { $0 + 1 }.filter { $0 > 0 }.sink { _ in }
          }
          cancellable.cancel()
        }
      }
      cycles(10_000)  // warm up: the subjects' arrays reach their working size
      /// Resident bytes, from the second field of `/proc/self/statm` (in pages).
      func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
      }
      let before = residentBytes()
      cycles(1_000_000)
      let after = residentBytes()
      // A leak of even one small object per cycle would be 32 MB or more (glibc's smallest
      // chunk is 32 bytes); allow the allocator some room for fragmentation.
      let grown = after - before
      if grown > 8 << 20 {
        print("heap grew by \(grown) bytes over 1M subscribe/cancel cycles")
        exit(1)
      }
    }
    #endif
  }
}
