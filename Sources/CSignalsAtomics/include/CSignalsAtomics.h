// Copyright (c) 2026 the Signals authors. MIT License, see LICENSE.

// The C11 atomics behind SignalsSupport's `Atomic`, and nothing else: header-only `static inline`
// functions over one word-sized value, and over a byte kept inside a Swift object, which Swift
// inlines where it calls them (the technique of swift-atomics' shims). Only `Locking/Atomic.swift`
// calls them; every other file of Signals goes through that type (Documentation/Internals.md,
// "The one lock and the one atomic").
//
// One function per operation and memory ordering, with the ordering spelled in the name, so that
// each call compiles to the one instruction it names and Swift never sees `memory_order`. Add an
// ordering or an operation only for a use that needs it, with its Swift wrapper beside the others.

#ifndef C_SIGNALS_ATOMICS_H
#define C_SIGNALS_ATOMICS_H

#include <stdatomic.h>
#include <stdint.h>

/// A word-sized integer that is only read and written atomically. Swift sees the struct with its
/// size and alignment but not its field: the functions below are the only way in.
typedef struct {
  _Atomic(intptr_t) value;
} signals_atomic_word;

/// Initialises the word at `word` (not yet shared with any other thread) to `value`.
static inline __attribute__((always_inline)) void signals_atomic_word_init(signals_atomic_word *word,
                                                                           intptr_t value) {
  atomic_init(&word->value, value);
}

/// The word's value, read with relaxed ordering.
static inline __attribute__((always_inline)) intptr_t
signals_atomic_word_load_relaxed(signals_atomic_word *word) {
  return atomic_load_explicit(&word->value, memory_order_relaxed);
}

/// Adds `delta` to the word (wrapping on overflow, as C11 defines for atomic signed integers)
/// with relaxed ordering, and returns the value it held before.
static inline __attribute__((always_inline)) intptr_t
signals_atomic_word_fetch_add_relaxed(signals_atomic_word *word, intptr_t delta) {
  return atomic_fetch_add_explicit(&word->value, delta, memory_order_relaxed);
}

/// Replaces the word's value with `desired` if it is `expected`, in one atomic step with relaxed
/// ordering; returns whether it did.
static inline __attribute__((always_inline)) _Bool
signals_atomic_word_compare_exchange_relaxed(signals_atomic_word *word, intptr_t expected, intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(&word->value, &expected, desired, memory_order_relaxed,
                                                 memory_order_relaxed);
}

/// The byte at `byte` (the leading stored byte of a Swift object that reserves it for these
/// functions; see `Atomic.loadLeadingByte(of:)`), read with acquire ordering.
static inline __attribute__((always_inline)) uint8_t signals_atomic_byte_load_acquire(void *byte) {
  return atomic_load_explicit((_Atomic(uint8_t) *)byte, memory_order_acquire);
}

/// Writes `value` to the byte at `byte` with relaxed ordering.
static inline __attribute__((always_inline)) void signals_atomic_byte_store_relaxed(void *byte, uint8_t value) {
  atomic_store_explicit((_Atomic(uint8_t) *)byte, value, memory_order_relaxed);
}

/// Replaces the byte at `byte` with `desired` if it is `expected`, in one atomic step with
/// acquire-release ordering (acquire when it fails); returns whether it did.
static inline __attribute__((always_inline)) _Bool
signals_atomic_byte_compare_exchange_acq_rel(void *byte, uint8_t expected, uint8_t desired) {
  return atomic_compare_exchange_strong_explicit((_Atomic(uint8_t) *)byte, &expected, desired, memory_order_acq_rel,
                                                 memory_order_acquire);
}

#endif
