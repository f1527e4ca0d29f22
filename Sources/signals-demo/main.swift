import Signals
var bag = Set<AnyCancellable>()
let s = CurrentValueSubject<Int, Never>(1)
s.sink { print("A", $0) }.store(in: &bag)
let c = s.sink(receiveCompletion: { print("B end", $0) }, receiveValue: { print("B", $0) })
s.value = 2
c.cancel()
s.send(3)
let p = PassthroughSubject<Int, Never>()
var nested: AnyCancellable?
nested = p.sink { v in print("N", v); if v == 1 { p.send(2) } }
let q = p.sink { print("M", $0) }
p.send(1)
p.send(completion: .finished)
p.sink(receiveCompletion: { print("late", $0) }, receiveValue: { _ in }).store(in: &bag)
_ = (nested, q)
