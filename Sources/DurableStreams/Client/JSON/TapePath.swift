/// A coding path as a chain from the value back to the root, turned into an array only when someone asks.
indirect enum TapePath {
    case root
    case key(any CodingKey, TapePath)
    case index(Int, TapePath)

    func appending(_ key: any CodingKey) -> TapePath {
        .key(key, self)
    }

    func appending(index: Int) -> TapePath {
        .index(index, self)
    }

    var keys: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root:
                return reversed.reversed()
            case .key(let key, let parent):
                reversed.append(key)
                node = parent
            case .index(let index, let parent):
                reversed.append(TapeKey(index: index))
                node = parent
            }
        }
    }
}

/// A coding key that the decoder makes itself: an array index, `super`, or a key read from the document.
struct TapeKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }

    static let `super` = TapeKey(stringValue: "super")
}
