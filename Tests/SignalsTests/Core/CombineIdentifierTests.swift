// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

import Signals
import Testing

struct CombineIdentifierTests {
  final class Thing: CustomCombineIdentifierConvertible {}

  @Test func freshIdentifiersAreUnique() {
    let identifiers = (0..<1_000).map { _ in CombineIdentifier() }
    #expect(Set(identifiers).count == 1_000)
  }

  @Test func objectIdentifierIsStableForTheSameObject() {
    let thing = Thing()
    let other = Thing()
    #expect(CombineIdentifier(thing) == CombineIdentifier(thing))
    #expect(CombineIdentifier(thing) != CombineIdentifier(other))
    #expect(thing.combineIdentifier == CombineIdentifier(thing))
  }

  @Test func descriptionIsHexadecimal() {
    #expect(CombineIdentifier().description.hasPrefix("0x"))
  }

  @Test func objectIdentifierDescribesTheObjectsAddress() {
    let thing = Thing()
    let address = UInt(bitPattern: ObjectIdentifier(thing))
    #expect(CombineIdentifier(thing).description == "0x" + String(address, radix: 16))
  }
}
