/// The item lists of the behaviours: each item at most once, compared by identity, in the order
/// it was added (what `addItem(_:)` and `removeItem(_:)` of every UIKit behaviour promise).
extension Array where Element == any DynamicItem {
    /// `items` without repeats (by identity), first occurrences kept in order.
    init(uniqueItems items: [any DynamicItem]) {
        self = []
        for item in items { appendUnique(item) }
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
