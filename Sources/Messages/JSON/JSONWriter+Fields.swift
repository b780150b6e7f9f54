extension JSONWriter {
    /// Writes a value that knows how to write itself.
    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    /// Writes an array of strings.
    public mutating func array(_ values: [String]) {
        beginArray()
        values.withUnsafeBufferPointer { elements in
            for index in elements.indices { string(elements[index]) }
        }
        endArray()
    }

    /// Writes an array of writable values.
    public mutating func array<Element: JSONWritable>(_ values: [Element]) {
        beginArray()
        values.withUnsafeBufferPointer { elements in
            // Indexing the buffer borrows each element instead of copying (retaining) it.
            for index in elements.indices { elements[index].write(to: &self) }
        }
        endArray()
    }

    /// Writes a string member.
    public mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes a string member, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: String?) {
        if let value { field(key, value) }
    }

    /// Writes an integer member.
    public mutating func field(_ key: StaticString, _ value: Int) {
        self.key(key)
        int(value)
    }

    /// Writes an integer member, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: Int?) {
        if let value { field(key, value) }
    }

    /// Writes a Boolean member.
    public mutating func field(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// Writes a Boolean member, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: Bool?) {
        if let value { field(key, value) }
    }

    /// Writes a member whose value writes itself.
    public mutating func field(_ key: StaticString, _ value: some JSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    /// Writes a member whose value writes itself, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: (some JSONWritable)?) {
        if let value { field(key, value) }
    }

    /// Writes a string-array member (always, even when empty).
    public mutating func field(_ key: StaticString, _ values: [String]) {
        self.key(key)
        array(values)
    }

    /// Writes a string-array member, or nothing when `values` is `nil`.
    public mutating func field(_ key: StaticString, _ values: [String]?) {
        if let values { field(key, values) }
    }

    /// Writes an array member (always, even when empty).
    public mutating func field<Element: JSONWritable>(_ key: StaticString, _ values: [Element]) {
        self.key(key)
        array(values)
    }

    /// Writes an array member, or nothing when `values` is `nil`.
    public mutating func field<Element: JSONWritable>(_ key: StaticString, _ values: [Element]?) {
        if let values { field(key, values) }
    }
}
