/// The item lists of the behaviours: each item at most once, compared by identity, in the order
/// it was added (what `addItem(_:)` and `removeItem(_:)` of every UIKit behaviour promise).
extension Array where Element == any DynamicItem {
    /// `items` without repeats (by identity), first occurrences kept in order. Linear: a set of
    /// the identities seen, where appending each item unless the list held it compared O(n²)
    /// items (1,500 views under three behaviours spent seconds there in a debug build).
    init(uniqueItems items: [any DynamicItem]) {
        var seen = Set<ObjectIdentifier>(minimumCapacity: items.count)
        self = items.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Whether `item` (this very object) is in the list.
    func containsItem(_ item: any DynamicItem) -> Bool {
        contains(where: { $0 === item })
    }

    /// Appends `item` unless it is already in the list; returns whether it did.
    @discardableResult
    mutating func appendUnique(_ item: any DynamicItem) -> Bool {
        guard !containsItem(item) else { return false }
        append(item)
        return true
    }

    /// Removes `item` if it is in the list; returns whether it was.
    @discardableResult
    mutating func removeItem(_ item: any DynamicItem) -> Bool {
        guard let i = firstIndex(where: { $0 === item }) else { return false }
        remove(at: i)
        return true
    }
}
